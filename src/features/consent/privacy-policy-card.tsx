// The editable part of the page: the privacy policy's kind and its URLs per language or page id.
import { saveStatus } from '../../components/resource-editor/save-status';
import { ReadOnlyFields, useReadOnlyReason } from '../../components/resource-editor/read-only';
import { useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { Input } from '../../components/ui/input';
import { targetAnchorId, type Finding } from './consent-checks';
import { FindingList } from './findings';
import { PolicyUrlRows } from './policy-url-rows';
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
  const { form, submit, saving, formMessage, discard, changedElsewhere } = controller;
  const { register, control, formState } = form;
  const { errors, isDirty } = formState;
  const kind = useWatch({ control, name: 'privacy_policy_kind' });
  const readOnly = useReadOnlyReason('consent');

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
        <ReadOnlyFields reason={readOnly}>
          <CardHeader
            id="consent-policy-heading"
            title="Privacy policy"
            description="Where the consent notice links to. This is the only part of the configuration you can change here."
          />
          <CardBody className="flex flex-col gap-5">
            <FormAlert message={formMessage} onRetry={controller.retry} />
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
              <PolicyUrlRows form={form} suggestedLanguages={suggestedLanguages} />
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
            <span className="text-muted mr-auto min-w-0 text-xs" aria-live="polite">
              {saveStatus({ dirty: isDirty, changedElsewhere })}
            </span>
            <Button onClick={discard} disabled={!isDirty || saving}>
              Discard
            </Button>
            <Button type="submit" variant="primary" loading={saving} disabled={!isDirty}>
              Save
            </Button>
          </CardFooter>
        </ReadOnlyFields>
      </form>
    </Card>
  );
}
