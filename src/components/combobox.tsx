// A text field that suggests options while typing (WAI-ARIA APG "combobox with listbox popup"):
// arrows move through the options and back to the typed text, Enter or a click picks, Escape
// closes, and focus never leaves the field. The caller owns the text, whether the list is open
// (it may fetch only while open) and the options; this owns the keyboard and the markup.
// Outside components/ui: the entry's `ui` chunk (vite.config.ts) holds what every page loads, and
// only the log viewer and site settings load this.
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Input, type InputProps } from './ui/input';

type OwnedInputProps =
  | 'role'
  | 'value'
  | 'onChange'
  | 'onKeyDown'
  | 'onFocus'
  | 'onBlur'
  | 'aria-expanded'
  | 'aria-controls'
  | 'aria-autocomplete'
  | 'aria-activedescendant';

export interface ComboboxProps<T> extends Omit<InputProps, OwnedInputProps> {
  value: string;
  onValueChange: (text: string) => void;
  /** Whether the list may show: the field opens it on focus, typing and the arrows. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The options for the current text; the list shows while open and not empty. */
  options: readonly T[];
  optionKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  optionClassName?: (option: T) => string;
  onPick: (option: T) => void;
  /** Enter with no option selected (the list closes first). */
  onEnterText?: (event: KeyboardEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  listLabel: string;
  listClassName?: string;
}

export function Combobox<T>({
  value,
  onValueChange,
  open,
  onOpenChange,
  options,
  optionKey,
  renderOption,
  optionClassName,
  onPick,
  onEnterText,
  onBlur,
  listLabel,
  listClassName,
  autoComplete = 'off',
  spellCheck = false,
  ...inputProps
}: ComboboxProps<T>) {
  const listboxId = useId();
  const [active, setActive] = useState(-1);
  const shown = open ? options : [];
  const expanded = shown.length > 0;
  const activeOption = shown[active];
  const optionId = (index: number) => `${listboxId}-${index}`;

  const close = () => {
    onOpenChange(false);
    setActive(-1);
  };
  const pick = (option: T) => {
    close();
    onPick(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!expanded) {
          onOpenChange(true);
          break;
        }
        // -1 is the typed text itself: the arrows cycle through it and the options.
        const states = shown.length + 1;
        const by = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => ((current + 1 + by + states) % states) - 1);
        break;
      }
      case 'Enter':
        if (activeOption !== undefined) {
          // The picked option, not the half-typed text, is what Enter applies.
          event.preventDefault();
          pick(activeOption);
        } else {
          close();
          onEnterText?.(event);
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        }
        break;
    }
  };

  return (
    <div className="relative">
      <Input
        {...inputProps}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption === undefined ? undefined : optionId(active)}
        value={value}
        autoComplete={autoComplete}
        spellCheck={spellCheck}
        onChange={(event) => {
          onValueChange(event.target.value);
          setActive(-1);
          onOpenChange(true);
        }}
        onFocus={() => onOpenChange(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label={listLabel}
        hidden={!expanded}
        className={cn(
          'border-border bg-surface absolute z-20 mt-1 max-h-72 overflow-auto rounded-md border py-1 shadow-lg',
          listClassName ?? 'w-full',
        )}
      >
        {shown.map((option, index) => (
          <li
            key={optionKey(option)}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={cn(
              'cursor-pointer px-3 py-1.5 text-sm',
              optionClassName?.(option),
              index === active && 'bg-subtle',
            )}
            // Keep focus in the field: a blur would close the list (and may apply the
            // half-typed text) before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => pick(option)}
          >
            {renderOption(option)}
          </li>
        ))}
      </ul>
    </div>
  );
}
