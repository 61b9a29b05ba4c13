// Multi-select over the scope catalogue: a combobox (type to search, arrows to move, Enter to
// add, Escape to close) with the chosen scopes as chips. Choosing a scope that is already there
// keeps it and says so: a search that lands on an existing scope must never remove it (issue 30:
// `read_cus`, ArrowDown, Enter used to drop `read_customers`). Removal is the chips' job. A chip's remove button works with
// Enter, Space, Delete or Backspace; Backspace in the empty search removes the last chip.
// Pattern: WAI-ARIA APG "combobox with listbox popup", listbox multi-selectable.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { SCOPE_CATALOGUE } from '../../../contract/schemas/app';
import { cn } from '../../lib/cn';
import { scopeDescription } from './scope-words';

const isCatalogueScope = (scope: string): boolean =>
  (SCOPE_CATALOGUE as readonly string[]).includes(scope);

export interface ScopePickerProps {
  id?: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  inputRef?: (element: HTMLInputElement | null) => void;
}

export function ScopePicker({
  id,
  value,
  onChange,
  onBlur,
  labelId,
  describedBy,
  invalid,
  disabled,
  inputRef,
}: ScopePickerProps) {
  const listboxId = useId();
  const optionId = (scope: string) => `${listboxId}-${scope}`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [notice, setNotice] = useState('');
  const input = useRef<HTMLInputElement | null>(null);
  const chipButtons = useRef(new Map<string, HTMLButtonElement>());

  const selected = useMemo(() => new Set(value), [value]);
  const options = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return SCOPE_CATALOGUE.filter((scope) => {
      const text = `${scope} ${scopeDescription(scope)}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
  }, [query]);
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const activeScope = open ? options[activeIndex] : undefined;
  const listbox = useRef<HTMLUListElement | null>(null);

  // Keep the active option visible while moving with the arrow keys.
  useEffect(() => {
    if (!activeScope) return;
    listbox.current
      ?.querySelector(`[id="${CSS.escape(optionId(activeScope))}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  });

  function choose(scope: string) {
    if (selected.has(scope)) {
      setNotice(`${scope} is already added`);
      return;
    }
    setNotice('');
    onChange([...value, scope]);
    // The search did its job: clear it for the next one, keeping the picked scope active.
    if (query) {
      setQuery('');
      setActive(SCOPE_CATALOGUE.findIndex((known) => known === scope));
    }
  }

  function remove(scope: string, moveFocus: boolean) {
    const index = value.indexOf(scope);
    const next = value.filter((s) => s !== scope);
    onChange(next);
    if (!moveFocus) return;
    // Keep the keyboard where it was: on the next chip, else the previous, else the search box.
    const neighbour = next[index] ?? next[index - 1];
    requestAnimationFrame(() => {
      const target = neighbour ? chipButtons.current.get(neighbour) : input.current;
      target?.focus();
    });
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((activeIndex + 1) % Math.max(options.length, 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((activeIndex - 1 + options.length) % Math.max(options.length, 1));
        break;
      case 'Home':
      case 'End':
        if (open) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : options.length - 1);
        }
        break;
      case 'Enter':
        if (open && activeScope) {
          event.preventDefault();
          choose(activeScope);
        }
        break;
      case 'Escape':
        if (open) {
          // Only close the popup; a surrounding dialog must not close as well.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        } else if (query) {
          setQuery('');
        }
        break;
      case 'Backspace':
        if (query === '' && value.length > 0) {
          event.preventDefault();
          const last = value.at(-1);
          if (last !== undefined) remove(last, false);
        }
        break;
    }
  }

  function onChipKeyDown(event: KeyboardEvent<HTMLButtonElement>, scope: string) {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(scope, true);
    }
  }

  return (
    <div
      className="relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) {
          setOpen(false);
          setNotice('');
          onBlur?.();
        }
      }}
    >
      <div
        className={cn(
          'border-border bg-surface flex min-h-9 flex-wrap items-center gap-1.5 rounded-md border px-2 py-1.5 shadow-sm',
          'focus-within:border-ring',
          invalid && 'border-danger',
          disabled && 'opacity-60',
        )}
      >
        {value.length > 0 && (
          <ul className="contents" aria-label="Chosen scopes">
            {value.map((scope) => (
              <li
                key={scope}
                className={cn(
                  'bg-accent-soft text-fg inline-flex items-center gap-1 rounded py-0.5 pr-0.5 pl-2 font-mono text-xs',
                  // A scope the server knows and our catalogue does not: kept and sent back as it
                  // came, marked so the admin sees it is not one of the catalogue's.
                  !isCatalogueScope(scope) && 'bg-subtle border-border border border-dashed',
                )}
                title={isCatalogueScope(scope) ? undefined : 'Not in the scope catalogue'}
              >
                {scope}
                {!isCatalogueScope(scope) && (
                  <span className="sr-only"> (not in the catalogue)</span>
                )}
                <button
                  type="button"
                  ref={(element) => {
                    if (element) chipButtons.current.set(scope, element);
                    else chipButtons.current.delete(scope);
                  }}
                  // Read-only (this prop, or a disabled fieldset around the form): no ×.
                  className="text-muted hover:bg-subtle hover:text-fg rounded p-0.5 disabled:hidden"
                  aria-label={`Remove ${scope}`}
                  disabled={disabled}
                  onClick={() => remove(scope, true)}
                  onKeyDown={(event) => onChipKeyDown(event, scope)}
                >
                  <svg
                    className="size-3.5"
                    viewBox="0 0 20 20"
                    fill="currentColor"
                    aria-hidden="true"
                  >
                    <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          ref={(element) => {
            input.current = element;
            inputRef?.(element);
          }}
          type="text"
          role="combobox"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-expanded={open}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeScope ? optionId(activeScope) : undefined}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          placeholder={value.length === 0 ? 'Search scopes…' : 'Add scope…'}
          className={cn(
            'text-fg placeholder:text-muted min-w-32 flex-1 bg-transparent py-0.5 text-sm outline-none',
            // Read-only with scopes chosen: no "Add scope…" that cannot add one.
            value.length > 0 && 'disabled:hidden',
          )}
          value={query}
          onChange={(event) => {
            setNotice('');
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onInputKeyDown}
        />
      </div>
      <p role="status" className={cn('text-muted text-xs', notice && 'mt-1')}>
        {notice}
      </p>
      <ul
        id={listboxId}
        ref={listbox}
        role="listbox"
        aria-multiselectable="true"
        aria-labelledby={labelId}
        hidden={!open}
        className="border-border bg-surface absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border py-1 shadow-lg"
      >
        {options.length === 0 && (
          <li role="presentation" className="text-muted px-3 py-2 text-sm">
            No scope matches “{query}”
          </li>
        )}
        {options.map((scope, index) => {
          const isSelected = selected.has(scope);
          return (
            <li
              key={scope}
              id={optionId(scope)}
              role="option"
              aria-selected={isSelected}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm',
                index === activeIndex && 'bg-subtle',
              )}
              // Keep focus in the search box so typing and arrows keep working.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(scope)}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'border-border-strong flex size-4 shrink-0 items-center justify-center rounded border',
                  isSelected && 'bg-accent text-accent-fg border-transparent',
                )}
              >
                {isSelected && (
                  <svg className="size-3" viewBox="0 0 20 20" fill="currentColor">
                    <path
                      fillRule="evenodd"
                      d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
                      clipRule="evenodd"
                    />
                  </svg>
                )}
              </span>
              <span className="font-mono">{scope}</span>
              <span className="text-muted ml-auto text-xs">{scopeDescription(scope)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
