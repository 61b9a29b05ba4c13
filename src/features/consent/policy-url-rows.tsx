// The URL-per-language rows of the privacy policy form: add, rename and remove languages.
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import type { PrivacyPolicyFormValues } from './privacy-policy-form-values';

export function PolicyUrlRows({
  form,
  suggestedLanguages,
}: {
  form: UseFormReturn<PrivacyPolicyFormValues>;
  /** Languages in use, offered when adding a row. */
  suggestedLanguages: readonly string[];
}) {
  const { register, control, formState } = form;
  const { errors } = formState;
  const rows = useWatch({ control, name: 'privacy_policy_url' });
  const { fields, append, remove } = useFieldArray({ control, name: 'privacy_policy_url' });
  const listError = errors.privacy_policy_url?.root?.message ?? errors.privacy_policy_url?.message;
  const usedLanguages = new Set(rows.map((row) => row.language.trim()));
  const missing = suggestedLanguages.filter((language) => !usedLanguages.has(language));

  return (
    <fieldset
      className="flex flex-col gap-3"
      aria-describedby={listError ? 'consent-policy-urls-error' : undefined}
    >
      <legend className="text-fg mb-1 text-sm font-medium">URLs per language</legend>
      <p className="text-muted -mt-2 text-xs">
        An absolute https URL, or a path on the site such as /privacy.
      </p>
      {/* Above the rows and their messages: a message that appears when a row's field blurs (the
          mousedown on this button blurs it) must not push the button from under the pointer,
          or the click is lost (issue 30). */}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          onClick={() =>
            append(
              { language: missing[0] ?? '', url: '' },
              {
                shouldFocus: true,
                focusName: `privacy_policy_url.${fields.length}.${missing[0] ? 'url' : 'language'}`,
              },
            )
          }
        >
          Add language
        </Button>
        {missing.length > 0 && (
          <span className="text-muted text-xs">In use without a URL: {missing.join(', ')}</span>
        )}
      </div>
      {fields.length === 0 && (
        <p className="text-muted text-sm">No URL yet. Add one per language the site uses.</p>
      )}
      <ul className="flex flex-col gap-3">
        {fields.map((field, index) => {
          const language = rows[index]?.language.trim() || `row ${index + 1}`;
          const rowErrors = errors.privacy_policy_url?.[index];
          return (
            <li key={field.id} className="flex flex-wrap items-start gap-2 sm:flex-nowrap">
              <Field
                label={`Language of URL ${index + 1}`}
                error={rowErrors?.language?.message}
                className="w-24 shrink-0 [&>div:first-child]:sr-only"
              >
                {(props) => (
                  <Input
                    {...props}
                    {...register(`privacy_policy_url.${index}.language`)}
                    list="consent-policy-languages"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="nl"
                  />
                )}
              </Field>
              <Field
                label={`Privacy policy URL for ${language}`}
                error={rowErrors?.url?.message}
                className="order-last min-w-0 basis-full sm:order-none sm:flex-1 sm:basis-auto [&>div:first-child]:sr-only"
              >
                {(props) => (
                  <Input
                    {...props}
                    {...register(`privacy_policy_url.${index}.url`)}
                    inputMode="url"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="https://example.com/privacy or /privacy"
                  />
                )}
              </Field>
              <Button
                variant="ghost"
                size="icon"
                className="ml-auto sm:ml-0"
                aria-label={`Remove ${language}`}
                onClick={() => remove(index)}
              >
                <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                  <path
                    fillRule="evenodd"
                    d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 1 0 .23 1.482l.149-.022.841 10.518A2.75 2.75 0 0 0 7.596 19h4.807a2.75 2.75 0 0 0 2.742-2.53l.841-10.52.149.023a.75.75 0 0 0 .23-1.482A41.03 41.03 0 0 0 14 4.193V3.75A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.673.025 2.5.075V3.75c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.325C8.327 4.025 9.16 4 10 4ZM8.58 7.72a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.34.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z"
                    clipRule="evenodd"
                  />
                </svg>
              </Button>
            </li>
          );
        })}
      </ul>
      <datalist id="consent-policy-languages">
        {missing.map((language) => (
          <option key={language} value={language} />
        ))}
      </datalist>
      {listError && (
        <p id="consent-policy-urls-error" className="text-danger text-sm">
          {listError}
        </p>
      )}
    </fieldset>
  );
}
