// The alert editor's body, the same for a new alert and a saved one: query, condition, whom to
// tell, the simulation, and a footer with the form's message and its buttons.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { appsQueryOptions } from '../../api/apps';
import { membersQueryOptions } from '../../api/members';
import { ReadOnlyFields } from '../../components/resource-editor/read-only';
import { FormAlert } from '../../components/ui/form-alert';
import { SkeletonRows } from '../../components/ui/skeleton';
import { AlertConditionFields, AlertNotifyFields, AlertQueryFields } from './alert-fields';
import type { AlertFormValues } from './alert-form-values';
import { AlertSimulationPanel } from './alert-simulation';

export function AlertFormLayout({
  form,
  readOnly,
  formMessage,
  onRetry,
  onSubmit,
  footer,
}: {
  form: UseFormReturn<AlertFormValues>;
  readOnly: string | null;
  formMessage: string | null;
  onRetry?: () => void;
  onSubmit: () => void;
  footer: ReactNode;
}) {
  const apps = useQuery(appsQueryOptions());
  const members = useQuery(membersQueryOptions());
  // The app and member choices are native controls: they show the form's values only once
  // their options are there, so the form waits for the lists (a failed one leaves it empty).
  if (apps.isPending || members.isPending) {
    return <SkeletonRows count={6} label="Loading the apps and members" />;
  }
  return (
    <form
      noValidate
      aria-label="Alert"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <ReadOnlyFields reason={readOnly} inCard={false}>
        <div className="space-y-4">
          <FormAlert message={formMessage} onRetry={onRetry} />
          <AlertQueryFields form={form} apps={apps.data ?? []} />
          <AlertConditionFields form={form} />
          <AlertNotifyFields form={form} members={members.data ?? []} />
          <AlertSimulationPanel form={form} />
          <div className="border-border bg-surface sticky bottom-0 flex flex-wrap items-center justify-end gap-2 rounded-lg border px-4 py-3 group-disabled/readonly:hidden">
            {footer}
          </div>
        </div>
      </ReadOnlyFields>
    </form>
  );
}
