// The alert editor's fields (issue 41): the query (what a saved log view holds), the condition
// and schedule, and whom to tell. Errors, the admin's or the service's 422s, show on each field.
import type { UseFormReturn } from 'react-hook-form';
import { LOG_LEVELS } from '../../../contract/schemas/log-levels';
import type { App } from '../../../contract/wire/app';
import type { MemberWire } from '../../api/members';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Field, FieldError } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import type { AlertFormValues } from './alert-form-values';

const GRID = 'grid gap-4 sm:grid-cols-2';

export function AlertQueryFields({
  form,
  apps,
}: {
  form: UseFormReturn<AlertFormValues>;
  apps: readonly App[];
}) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <Card>
      <CardHeader title="What to count" description="The entries of one app that match a query." />
      <CardBody className="space-y-4">
        <div className={GRID}>
          <Field label="Name" error={errors.name?.message}>
            {(props) => <Input {...props} {...register('name')} />}
          </Field>
          <Field label="App" error={errors.app?.message}>
            {(props) => (
              <Select {...props} {...register('app')}>
                <option value="">Choose an app…</option>
                {apps.map((app) => (
                  <option key={app.key} value={app.key}>
                    {app.name || app.key}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Level" hint="This level and worse." error={errors.level?.message}>
            {(props) => (
              <Select {...props} {...register('level')}>
                <option value="">Any level</option>
                {LOG_LEVELS.filter((level) => level !== 'unknown').map((level) => (
                  <option key={level} value={level}>
                    {level}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Search" optional error={errors.q?.message}>
            {(props) => <Input {...props} {...register('q')} />}
          </Field>
          <Field label="Job" optional error={errors.job?.message}>
            {(props) => <Input {...props} {...register('job')} />}
          </Field>
          <Field label="Job match" error={errors.job_match?.message}>
            {(props) => (
              <Select {...props} {...register('job_match')}>
                <option value="exact">Exactly</option>
                <option value="prefix">Starts with</option>
                <option value="contains">Contains</option>
              </Select>
            )}
          </Field>
          <Field
            label="Field is"
            optional
            hint="key:value, one a line"
            error={errors.where?.message}
          >
            {(props) => (
              <Textarea {...props} rows={2} className="font-mono" {...register('where')} />
            )}
          </Field>
          <Field
            label="Field is not"
            optional
            hint="key:value, one a line"
            error={errors.where_not?.message}
          >
            {(props) => (
              <Textarea {...props} rows={2} className="font-mono" {...register('where_not')} />
            )}
          </Field>
        </div>
      </CardBody>
    </Card>
  );
}

export function AlertConditionFields({ form }: { form: UseFormReturn<AlertFormValues> }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <Card>
      <CardHeader
        title="When to alert"
        description="Checked on the minute, over the last window."
      />
      <CardBody className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Count is" error={errors.condition?.op?.message}>
            {(props) => (
              <Select {...props} {...register('condition.op')}>
                <option value=">">More than</option>
                <option value="<">Fewer than</option>
              </Select>
            )}
          </Field>
          <Field label="Threshold" error={errors.condition?.threshold?.message}>
            {(props) => (
              <Input {...props} inputMode="decimal" {...register('condition.threshold')} />
            )}
          </Field>
          <Field label="Window (minutes)" error={errors.condition?.window_minutes?.message}>
            {(props) => (
              <Input {...props} inputMode="numeric" {...register('condition.window_minutes')} />
            )}
          </Field>
          <Field label="Check every (minutes)" error={errors.every_minutes?.message}>
            {(props) => <Input {...props} inputMode="numeric" {...register('every_minutes')} />}
          </Field>
          <Field label="When the app sends nothing" error={errors.no_data?.message}>
            {(props) => (
              <Select {...props} {...register('no_data')}>
                <option value="ok">Stay OK</option>
                <option value="alert">Alert (no data)</option>
              </Select>
            )}
          </Field>
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input type="checkbox" className="size-4" {...register('enabled')} />
            Enabled
          </label>
        </div>
      </CardBody>
    </Card>
  );
}

export function AlertNotifyFields({
  form,
  members,
}: {
  form: UseFormReturn<AlertFormValues>;
  members: readonly MemberWire[];
}) {
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const chosen = watch('notify.emails');
  // A member removed since the alert was saved stays listed (and chosen) until unticked.
  const addresses = [
    ...new Set([...members.map((member) => member.email ?? ''), ...chosen]),
  ].filter(Boolean);
  const emailsError = errors.notify?.emails?.message ?? errors.notify?.emails?.root?.message;
  return (
    <Card>
      <CardHeader title="Whom to tell" description="Once when it fires, once when it resolves." />
      <CardBody className="space-y-4">
        <fieldset
          className="space-y-2"
          aria-describedby={emailsError ? 'alert-emails-error' : undefined}
          aria-invalid={emailsError ? true : undefined}
        >
          <legend className="text-fg mb-1 text-sm font-medium">E-mail members</legend>
          {addresses.length === 0 && <p className="text-muted text-sm">No members to choose.</p>}
          <div className="grid gap-1.5 sm:grid-cols-2">
            {addresses.map((email) => (
              <label key={email} className="flex min-w-0 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 shrink-0"
                  value={email}
                  {...register('notify.emails')}
                />
                <span className="truncate">{email}</span>
              </label>
            ))}
          </div>
          {emailsError && <FieldError id="alert-emails-error">{emailsError}</FieldError>}
        </fieldset>
        <Field
          label="Webhooks"
          optional
          hint="https: addresses, one a line; each gets signed JSON."
          error={errors.notify?.webhooks?.message}
        >
          {(props) => (
            <Textarea {...props} rows={2} className="font-mono" {...register('notify.webhooks')} />
          )}
        </Field>
      </CardBody>
    </Card>
  );
}
