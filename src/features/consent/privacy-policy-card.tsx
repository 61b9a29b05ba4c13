// The editable part of the page: the privacy policy's kind and its URLs per language or page id.
import { useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { targetAnchorId, type Finding } from './consent-checks';
import { FindingList } from './findings';
import type { PrivacyPolicyFormController } from './use-privacy-policy-form';

const KINDS = [
  { value: 'url', label: 'A URL per language', hint: 'Each language links its own policy.' },
  { value: 'page', label: 'A page of the site', hint: 'One page, by its id.' },
  { value: 'none', label: 'None', hint: 'No policy is linked.' },
] as const;

const POLICY_ANCHOR = targetAnchorId({ kind: 'privacy-policy', name: 'privacy-policy' });

export function PrivacyPolicyCard({
  controller,
  findings,
  suggestedLanguages,
}: {
  controller: PrivacyPolicyFormController;
  /** Check findings about the privacy policy. */
  findings: readonly Finding[];
  /** Languages in use, offered when adding a row. */
  suggestedLanguages: readonly string[];
}) {
  const { form, submit, isSaving, formMessage, discard } = controller;
  const { register, control, formState } = form;
  const { errors, isDirty } = formState;
  const kind = useWatch({ control, name: 'privacy_policy_kind' });
  const rows = useWatch({ control, name: 'privacy_policy_url' });
  const { fields, append, remove } = useFieldArray({ control, name: 'privacy_policy_url' });
  const listError = errors.privacy_policy_url?.root?.message ?? errors.privacy_policy_url?.message;
  const usedLanguages = new Set(rows.map((row) => row.language.trim()));
  const missing = suggestedLanguages.filter((language) => !usedLanguages.has(language));

  return (
    <Card
      aria-labelledby="consent-policy-heading"
      id={POLICY_ANCHOR}
      tabIndex={-1}
      className="scroll-mt-20"
    >
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="consent-policy-heading"
      >
        <CardHeader
          id="consent-policy-heading"
          title="Privacy policy"
          description="Where the consent notice links to. This is the only part of the configuration you can change here."
        />
        <CardBody className="flex flex-col gap-5">
          {formMessage && (
            <p
              role="alert"
              className="border-danger/30 bg-danger-soft text-danger rounded-md border px-3 py-2 text-sm"
            >
              {formMessage}
            </p>
          )}
          <fieldset className="flex flex-col gap-2">
            <legend className="text-fg mb-1 text-sm font-medium">Kind of policy</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {KINDS.map((option) => (
                <label
                  key={option.value}
                  className="border-border has-[:checked]:border-accent has-[:checked]:bg-accent-soft flex cursor-pointer gap-2 rounded-md border px-3 py-2"
                >
                  <input
                    type="radio"
                    value={option.value}
                    className="accent-accent mt-1"
                    {...register('privacy_policy_kind')}
                  />
                  <span className="flex flex-col">
                    <span className="text-fg text-sm font-medium">{option.label}</span>
                    <span className="text-muted text-xs">{option.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          {kind === 'url' && (
            <fieldset
              className="flex flex-col gap-3"
              aria-describedby={listError ? 'consent-policy-urls-error' : undefined}
            >
              <legend className="text-fg mb-1 text-sm font-medium">URLs per language</legend>
              <p className="text-muted -mt-2 text-xs">
                An absolute https URL, or a path on the site such as /privacy.
              </p>
              {fields.length === 0 && (
                <p className="text-muted text-sm">
                  No URL yet. Add one per language the site uses.
                </p>
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
                        <svg
                          className="size-4"
                          viewBox="0 0 20 20"
                          fill="currentColor"
                          aria-hidden="true"
                        >
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
                  <span className="text-muted text-xs">
                    In use without a URL: {missing.join(', ')}
                  </span>
                )}
              </div>
            </fieldset>
          )}

          {kind === 'page' && (
            <Field
              label="Page id"
              error={errors.privacy_policy_page_id?.message}
              hint="The id of the site's page that holds the policy."
              className="max-w-md"
            >
              {(props) => (
                <Input
                  {...props}
                  {...register('privacy_policy_page_id')}
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </Field>
          )}

          <FindingList findings={findings} />
        </CardBody>
        <CardFooter>
          <span className="text-muted mr-auto text-xs" aria-live="polite">
            {isDirty ? 'Unsaved changes · Ctrl+S to save' : 'All changes saved'}
          </span>
          <Button onClick={discard} disabled={!isDirty || isSaving}>
            Discard
          </Button>
          <Button type="submit" variant="primary" loading={isSaving} disabled={!isDirty}>
            Save
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
