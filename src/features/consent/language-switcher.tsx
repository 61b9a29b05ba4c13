import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';

export function LanguageSwitcher({
  languages,
  value,
  onChange,
}: {
  languages: readonly string[];
  value: string;
  onChange: (language: string) => void;
}) {
  return (
    <Field
      label="Show texts in"
      hint="Missing texts show the fallback: en, else the first language with text."
    >
      {(props) => (
        <div className="w-40">
          <Select {...props} value={value} onChange={(event) => onChange(event.target.value)}>
            {languages.map((language) => (
              <option key={language} value={language}>
                {language}
              </option>
            ))}
          </Select>
        </div>
      )}
    </Field>
  );
}
