// The one 412 dialog: someone else saved first. For each field both sides changed, their value
// and yours side by side with a radio each; keep theirs, overwrite with yours, or save the
// per-field merge. Cancel closes it and keeps everything typed. Features wire their fields in.
import { useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { ConflictChoice } from '../../lib/three-way-merge';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

export interface ConflictDialogField {
  /** The key the merge knows the field by. */
  id: string;
  label: string;
  /** The values as shown; null when that side has none (shown as `absentText`). */
  theirs: string | null;
  yours: string | null;
  absentText?: string;
  /** Code, URLs, templates: monospace, whitespace kept. */
  mono?: boolean;
}

export interface ConflictDialogProps {
  open: boolean;
  title: string;
  /** Their version (ETag or updated_at): a new one starts the choices again. */
  version?: string | null;
  fields: ConflictDialogField[];
  saving?: boolean;
  onKeepTheirs: () => void;
  onOverwrite: () => void;
  onMerge: (choices: Record<string, ConflictChoice>) => void;
  onCancel: () => void;
}

const SIDES = [
  { side: 'theirs', heading: 'Theirs (saved)', name: 'Theirs' },
  { side: 'yours', heading: 'Yours', name: 'Yours' },
] as const;

function Value({ field, value }: { field: ConflictDialogField; value: string | null }) {
  if (value === null) return <em className="text-muted">{field.absentText ?? 'removed'}</em>;
  if (value === '') return <em className="text-muted">empty</em>;
  return (
    <span
      className={cn(
        'block max-h-40 overflow-auto break-words whitespace-pre-wrap',
        field.mono && 'font-mono text-xs',
      )}
    >
      {value}
    </span>
  );
}

export function ConflictDialog({
  open,
  title,
  version,
  fields,
  saving = false,
  onKeepTheirs,
  onOverwrite,
  onMerge,
  onCancel,
}: ConflictDialogProps) {
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  // Each conflict (a new opening, or their newer version) starts from "yours" again.
  const [shown, setShown] = useState({ open, version });
  if (shown.open !== open || shown.version !== version) {
    setShown({ open, version });
    setChoices({});
  }
  const chosen = (id: string): ConflictChoice => choices[id] ?? 'yours';

  let description: ReactNode;
  if (fields.length === 0) {
    description =
      'They saved while you were editing, but changed other fields than you did. Overwrite with yours saves your changes on top of theirs; nothing of theirs is lost.';
  } else {
    description =
      'They saved while you were editing. These fields were changed by both of you; the rest is merged.';
  }

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      size="lg"
      title={title}
      description={description}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={saving} className="mr-auto">
            Cancel
          </Button>
          <Button onClick={onKeepTheirs} disabled={saving}>
            Keep theirs
          </Button>
          <Button onClick={onOverwrite} disabled={saving}>
            Overwrite with yours
          </Button>
          {fields.length > 0 && (
            <Button
              variant="primary"
              loading={saving}
              onClick={() => onMerge(Object.fromEntries(fields.map(({ id }) => [id, chosen(id)])))}
            >
              Save merge
            </Button>
          )}
        </>
      }
    >
      {fields.length > 0 && (
        <div className="flex flex-col gap-4">
          {fields.map((field) => (
            <fieldset key={field.id} className="border-border rounded-lg border px-3 pt-1 pb-3">
              <legend className="px-1 text-sm font-semibold">{field.label}</legend>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                {SIDES.map(({ side, heading, name }) => (
                  <label
                    key={side}
                    className={cn(
                      'border-border flex min-w-0 cursor-pointer items-start gap-2 rounded-md border p-2',
                      chosen(field.id) === side && 'border-accent bg-accent-soft',
                    )}
                  >
                    <input
                      type="radio"
                      name={`conflict-${field.id}`}
                      value={side}
                      className="accent-accent mt-1"
                      checked={chosen(field.id) === side}
                      disabled={saving}
                      onChange={() => setChoices((current) => ({ ...current, [field.id]: side }))}
                      aria-label={`${field.label}: ${name}`}
                    />
                    <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                      <span className="text-muted text-xs font-medium">{heading}</span>
                      <Value field={field} value={side === 'theirs' ? field.theirs : field.yours} />
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <p className="text-muted text-xs">
            Fields only one of you changed keep that change either way. Keep theirs drops your
            changes; Cancel keeps them in the form.
          </p>
        </div>
      )}
    </Dialog>
  );
}
