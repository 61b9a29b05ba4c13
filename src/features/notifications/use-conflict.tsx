import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ApiResponse } from '../../api/client';
import { fetchLatestNotification } from '../../api/notifications';
import type { Notification, NotificationWritableFields } from '../../api/schemas/notification';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { conflictingFields, mergeVersions, type ConflictChoice } from './conflict-merge';
import { FIELD_LABELS } from './review-dialog';

type Field = keyof NotificationWritableFields;

export interface ConflictOptions {
  slug: string;
  /** The version the edits started from, and the edits. */
  base: () => NotificationWritableFields;
  mine: () => NotificationWritableFields;
  /** Applies the merged values to the form, to review and save against their version. */
  onResolve: (values: NotificationWritableFields, theirs: ApiResponse<Notification>) => void;
}

function writable(n: Notification): NotificationWritableFields {
  const { name, description, subject, text, html, html_enabled } = n;
  return { name, description, subject, text, html, html_enabled };
}

function shown(value: string | boolean): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return value.length > 240 ? `${value.slice(0, 240)}…` : value || '(empty)';
}

interface Pending {
  theirs: ApiResponse<Notification>;
  base: NotificationWritableFields;
  mine: NotificationWritableFields;
  choices: Partial<Record<Field, ConflictChoice>>;
}

/**
 * A 412 on save: someone else saved first. Loads their version, merges what only one side
 * changed, and asks field by field about the rest: keep theirs, use mine, or choose per field.
 * Cancelling keeps the form as it was.
 */
export function useConflict({ slug, base, mine, onResolve }: ConflictOptions): {
  open: () => void;
  dialog: ReactNode;
} {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const open = () => {
    const snapshot = { base: base(), mine: mine() };
    fetchLatestNotification(queryClient, slug).then(
      (theirs) => setPending({ theirs, ...snapshot, choices: {} }),
      (error: unknown) =>
        setLoadError(error instanceof Error ? error.message : 'Could not load it'),
    );
  };

  const close = () => {
    setPending(null);
    setLoadError(null);
  };

  const resolve = (choose: (field: Field) => ConflictChoice) => {
    if (!pending) return;
    const theirs = writable(pending.theirs.data);
    const fields = conflictingFields(pending.base, pending.mine, theirs);
    const choices = Object.fromEntries(fields.map((f) => [f, choose(f)]));
    onResolve(mergeVersions(pending.base, pending.mine, theirs, choices), pending.theirs);
    setPending(null);
  };

  const theirs = pending ? writable(pending.theirs.data) : null;
  const fields = pending && theirs ? conflictingFields(pending.base, pending.mine, theirs) : [];
  const dialog = (
    <Dialog
      open={pending !== null || loadError !== null}
      onClose={close}
      size="xl"
      title="Someone else saved this notification"
      description={
        fields.length > 0
          ? 'Your changes were not saved yet. These fields were changed by both of you; the rest is merged.'
          : 'Your changes were not saved yet. Nobody changed the same field; their changes and yours are merged.'
      }
      footer={
        pending && (
          <>
            <Button onClick={close}>Cancel</Button>
            {fields.length > 0 && (
              <Button onClick={() => resolve(() => 'theirs')}>Theirs for all of these</Button>
            )}
            <Button variant="primary" onClick={() => resolve((f) => pending.choices[f] ?? 'mine')}>
              {fields.length > 0 ? 'Merge with these choices' : 'Merge'}
            </Button>
          </>
        )
      }
    >
      {loadError && <p role="alert">Could not load the saved version: {loadError}</p>}
      {pending && theirs && (
        <div className="flex flex-col gap-4">
          {fields.map((field) => (
            <fieldset key={field} className="border-border rounded-md border p-3">
              <legend className="px-1 text-sm font-semibold">{FIELD_LABELS[field]}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {(['mine', 'theirs'] as const).map((choice) => (
                  <label
                    key={choice}
                    className="border-border has-checked:border-accent flex cursor-pointer gap-2 rounded border p-2 text-xs"
                  >
                    <input
                      type="radio"
                      name={`conflict-${field}`}
                      checked={(pending.choices[field] ?? 'mine') === choice}
                      onChange={() =>
                        setPending({ ...pending, choices: { ...pending.choices, [field]: choice } })
                      }
                    />
                    <span className="min-w-0">
                      <span className="block font-medium">
                        {choice === 'mine' ? 'Yours' : 'Theirs'}
                      </span>
                      <span className="text-muted block font-mono break-words whitespace-pre-wrap">
                        {shown(choice === 'mine' ? pending.mine[field] : theirs[field])}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
      )}
    </Dialog>
  );
  return { open, dialog };
}
