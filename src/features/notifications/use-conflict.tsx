import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ApiResponse } from '../../api/client';
import { fetchLatestNotification } from '../../api/notifications';
import type { Notification, NotificationWritableFields } from '../../api/schemas/notification';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { changedFields } from './draft-store';
import { FIELD_LABELS } from './review-dialog';

type Choice = 'mine' | 'theirs';

export interface ConflictOptions {
  slug: string;
  mine: () => NotificationWritableFields;
  /** Applies the merged values to the form (to review and save against the new version). */
  onResolve: (values: NotificationWritableFields, theirs: ApiResponse<Notification>) => void;
}

function writable(n: Notification): NotificationWritableFields {
  const { name, description, subject, text, html, html_enabled } = n;
  return { name, description, subject, text, html, html_enabled };
}

function preview(value: string | boolean): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return value.length > 160 ? `${value.slice(0, 160)}…` : value || '(empty)';
}

/**
 * A 412 on save: someone else saved first. Loads their version (which also becomes the base of
 * the next save) and lets the admin keep theirs, keep theirs per field, or overwrite with theirs.
 */
export function useConflict({ slug, mine, onResolve }: ConflictOptions): {
  open: () => void;
  dialog: ReactNode;
} {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{
    theirs: ApiResponse<Notification>;
    mine: NotificationWritableFields;
    choices: Record<string, Choice>;
  } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const open = () => {
    const current = mine();
    fetchLatestNotification(queryClient, slug).then(
      (theirs) => {
        const fields = changedFields(writable(theirs.data), current);
        setState({
          theirs,
          mine: current,
          choices: Object.fromEntries(fields.map((f) => [f, 'mine' as Choice])),
        });
      },
      (error: unknown) =>
        setLoadError(error instanceof Error ? error.message : 'Could not load it'),
    );
  };

  const resolve = (pick: (field: keyof NotificationWritableFields) => Choice) => {
    if (!state) return;
    const theirs = writable(state.theirs.data);
    const merged = { ...theirs };
    for (const field of changedFields(theirs, state.mine)) {
      if (pick(field) === 'mine') (merged as Record<string, unknown>)[field] = state.mine[field];
    }
    onResolve(merged, state.theirs);
    setState(null);
  };

  const fields = state ? changedFields(writable(state.theirs.data), state.mine) : [];
  const dialog = (
    <Dialog
      open={state !== null || loadError !== null}
      onClose={() => {
        setState(null);
        setLoadError(null);
      }}
      size="xl"
      title="Someone else saved this notification"
      description="Your changes were not saved. Choose, per field, which version to keep; then review and save."
      footer={
        state && (
          <>
            <Button onClick={() => resolve(() => 'theirs')}>Keep theirs</Button>
            <Button onClick={() => resolve((f) => state.choices[f] ?? 'mine')}>
              Apply choices
            </Button>
            <Button variant="primary" onClick={() => resolve(() => 'mine')}>
              Use mine everywhere
            </Button>
          </>
        )
      }
    >
      {loadError && <p role="alert">Could not load the saved version: {loadError}</p>}
      {state && fields.length === 0 && <p>Their version matches yours; save again to finish.</p>}
      {state && (
        <div className="flex flex-col gap-4">
          {fields.map((field) => (
            <fieldset key={field} className="border-border rounded-md border p-3">
              <legend className="px-1 text-sm font-semibold">{FIELD_LABELS[field]}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {(['mine', 'theirs'] as const).map((choice) => (
                  <label
                    key={choice}
                    className="border-border flex cursor-pointer gap-2 rounded border p-2 text-xs"
                  >
                    <input
                      type="radio"
                      name={`conflict-${field}`}
                      checked={state.choices[field] === choice}
                      onChange={() =>
                        setState({ ...state, choices: { ...state.choices, [field]: choice } })
                      }
                    />
                    <span className="min-w-0">
                      <span className="block font-medium">
                        {choice === 'mine' ? 'Mine' : 'Theirs'}
                      </span>
                      <span className="text-muted block font-mono break-words whitespace-pre-wrap">
                        {preview(
                          choice === 'mine'
                            ? state.mine[field]
                            : writable(state.theirs.data)[field],
                        )}
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
