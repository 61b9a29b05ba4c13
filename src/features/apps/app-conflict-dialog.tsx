// The 412 dialog for an app: for each field both the admin and someone else changed, their value
// and the admin's side by side; keep theirs, overwrite with yours, or merge field by field.
// Nothing typed is lost: cancelling keeps the form as it was.
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';
import { APP_FIELD_LABELS, type AppFormField } from './app-form-values';
import type { ConflictChoice, FieldConflict } from './conflict-merge';
import type { PendingConflict } from './use-app-editor';

function renderValue(field: AppFormField, value: unknown): ReactNode {
  if (field === 'internal') return value ? 'Internal' : 'External';
  if (field === 'install_scopes') {
    const scopes = [...new Set(value as string[])].sort();
    return scopes.length === 0 ? (
      <em>none</em>
    ) : (
      <span className="font-mono text-xs">{scopes.join(', ')}</span>
    );
  }
  const text = String(value);
  return text === '' ? <em>empty</em> : <span className="break-all">{text}</span>;
}

export function AppConflictDialog({
  conflict,
  onKeepTheirs,
  onOverwrite,
  onMerge,
  onCancel,
}: {
  conflict: PendingConflict | null;
  onKeepTheirs: () => void;
  onOverwrite: () => void;
  onMerge: (choice: Partial<Record<AppFormField, ConflictChoice>>) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={conflict !== null}
      onClose={onCancel}
      size="lg"
      title="Someone else saved this app"
      description="They saved while you were editing. These fields were changed by both of you."
    >
      {conflict && (
        <ConflictChoices
          // A new conflict starts from "yours" again.
          key={conflict.latest.etag ?? conflict.latest.data.updated_at}
          conflicts={conflict.conflicts}
          onKeepTheirs={onKeepTheirs}
          onOverwrite={onOverwrite}
          onMerge={onMerge}
          onCancel={onCancel}
        />
      )}
    </Dialog>
  );
}

function ConflictChoices({
  conflicts,
  onKeepTheirs,
  onOverwrite,
  onMerge,
  onCancel,
}: {
  conflicts: FieldConflict[];
  onKeepTheirs: () => void;
  onOverwrite: () => void;
  onMerge: (choice: Partial<Record<AppFormField, ConflictChoice>>) => void;
  onCancel: () => void;
}) {
  const [choice, setChoice] = useState<Partial<Record<AppFormField, ConflictChoice>>>({});
  const chosen = (field: AppFormField): ConflictChoice => choice[field] ?? 'yours';

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onMerge(Object.fromEntries(conflicts.map(({ field }) => [field, chosen(field)])));
      }}
    >
      <div className="flex flex-col gap-4">
        {conflicts.map(({ field, theirs, yours }) => (
          <fieldset key={field} className="border-border rounded-lg border px-3 pt-1 pb-3">
            <legend className="px-1 text-sm font-semibold">{APP_FIELD_LABELS[field]}</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {(['theirs', 'yours'] as const).map((side) => (
                <label
                  key={side}
                  className={cn(
                    'border-border flex cursor-pointer items-start gap-2 rounded-md border p-2',
                    chosen(field) === side && 'border-accent bg-accent-soft',
                  )}
                >
                  <input
                    type="radio"
                    name={`conflict-${field}`}
                    value={side}
                    className="accent-accent mt-1"
                    checked={chosen(field) === side}
                    onChange={() => setChoice((current) => ({ ...current, [field]: side }))}
                    aria-label={`${APP_FIELD_LABELS[field]}: ${side === 'theirs' ? 'theirs' : 'yours'}`}
                  />
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span className="text-muted text-xs font-medium">
                      {side === 'theirs' ? 'Theirs (saved)' : 'Yours'}
                    </span>
                    <span className="text-sm">
                      {renderValue(field, side === 'theirs' ? theirs : yours)}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <p className="text-muted mt-3 text-xs">
        Fields only one of you changed keep that change either way.
      </p>
      <div className="border-border mt-4 flex flex-wrap justify-end gap-2 border-t pt-4">
        <Button onClick={onCancel}>Cancel</Button>
        <Button onClick={onKeepTheirs}>Keep theirs</Button>
        <Button onClick={onOverwrite}>Overwrite with yours</Button>
        <Button type="submit" variant="primary">
          Save merge
        </Button>
      </div>
    </form>
  );
}
