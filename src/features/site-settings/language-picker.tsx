// "Add a language": a combobox over common BCP 47 tags by name (WAI-ARIA APG "combobox with
// listbox popup"); arrows move, Enter or a click adds, Escape closes. A valid tag that is not in
// the list can be typed and added; an invalid one shows why on the field.
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { parseTypedLanguage, searchLanguages } from './language-list';

export function LanguagePicker({
  existing,
  displayLocale,
  onAdd,
}: {
  existing: readonly string[];
  displayLocale: string;
  onAdd: (tag: string) => void;
}) {
  const listboxId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | undefined>();
  const options = open ? searchLanguages(text, existing, displayLocale) : [];
  const expanded = options.length > 0;
  const activeOption = options[active];
  const optionId = (index: number) => `${listboxId}-${index}`;

  const add = (tag: string) => {
    onAdd(tag);
    setText('');
    setOpen(false);
    setActive(-1);
    setError(undefined);
  };
  const addTyped = () => {
    if (text.trim() === '') return;
    const parsed = parseTypedLanguage(text, existing);
    if ('error' in parsed) setError(parsed.error);
    else add(parsed.tag);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        const states = options.length + 1;
        const by = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => ((current + 1 + by + states) % states) - 1);
        break;
      }
      case 'Enter':
        // Enter adds here and never submits the settings form.
        event.preventDefault();
        if (activeOption !== undefined) add(activeOption.tag);
        else addTyped();
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  };

  return (
    <Field label="Add a language" error={error} hint="Search by name, or type a tag such as fr-CA.">
      {(props) => (
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <Input
              {...props}
              role="combobox"
              aria-expanded={expanded}
              aria-controls={listboxId}
              aria-autocomplete="list"
              aria-activedescendant={activeOption === undefined ? undefined : optionId(active)}
              value={text}
              placeholder="French, de-CH, …"
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => {
                setText(event.target.value);
                setError(undefined);
                setActive(-1);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              onKeyDown={onKeyDown}
              onBlur={() => {
                setOpen(false);
                setActive(-1);
              }}
            />
            <ul
              id={listboxId}
              role="listbox"
              aria-label="Languages"
              hidden={!expanded}
              className="border-border bg-surface absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border py-1 shadow-lg"
            >
              {options.map((option, index) => (
                <li
                  key={option.tag}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={cn(
                    'flex cursor-pointer items-baseline justify-between gap-3 px-3 py-1.5 text-sm',
                    index === active && 'bg-subtle',
                  )}
                  // Keep focus in the field so the list does not close before the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => add(option.tag)}
                >
                  <span className="truncate">{option.name}</span>
                  <span className="text-muted font-mono text-xs">{option.tag}</span>
                </li>
              ))}
            </ul>
          </div>
          <Button onClick={addTyped} disabled={text.trim() === ''}>
            Add
          </Button>
        </div>
      )}
    </Field>
  );
}
