// "Add a language": a combobox over common BCP 47 tags by name (the shared Combobox: arrows move,
// Enter or a click adds, Escape closes). A valid tag that is not in the list can be typed and
// added; an invalid one shows why on the field.
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Combobox } from '../../components/combobox';
import { Field } from '../../components/ui/field';
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
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const options = open ? searchLanguages(text, existing, displayLocale) : [];

  const add = (tag: string) => {
    onAdd(tag);
    setText('');
    setOpen(false);
    setError(undefined);
  };
  const addTyped = () => {
    if (text.trim() === '') return;
    const parsed = parseTypedLanguage(text, existing);
    if ('error' in parsed) setError(parsed.error);
    else add(parsed.tag);
  };

  return (
    <Field label="Add a language" error={error} hint="Search by name, or type a tag such as fr-CA.">
      {(props) => (
        <div className="flex gap-2">
          <div className="min-w-0 flex-1">
            <Combobox
              {...props}
              value={text}
              onValueChange={(value) => {
                setText(value);
                setError(undefined);
              }}
              open={open}
              onOpenChange={setOpen}
              options={options}
              optionKey={(option) => option.tag}
              optionClassName={() => 'flex items-baseline justify-between gap-3'}
              renderOption={(option) => (
                <>
                  <span className="truncate">{option.name}</span>
                  <span className="text-muted font-mono text-xs">{option.tag}</span>
                </>
              )}
              onPick={(option) => add(option.tag)}
              onEnterText={(event) => {
                // Enter adds here and never submits the settings form.
                event.preventDefault();
                addTyped();
              }}
              listLabel="Languages"
              placeholder="French, de-CH, …"
            />
          </div>
          <Button onClick={addTyped} disabled={text.trim() === ''}>
            Add
          </Button>
        </div>
      )}
    </Field>
  );
}
