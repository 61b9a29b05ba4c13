import type { NotificationWritableFields } from '../../api/schemas/notification';
import { Button } from '../../components/ui/button';
import { changedFields, FIELD_LABELS, shownValue } from './notification-fields';
import { diffStats, foldUnchanged, lineDiff } from './line-diff';
import { Dialog } from '../../components/ui/dialog';

function FieldDiff({ before, after }: { before: string; after: string }) {
  const rows = lineDiff(before, after);
  const stats = diffStats(rows);
  return (
    <div>
      <p className="text-muted mb-1 text-xs">
        <span className="text-success">+{stats.added}</span>{' '}
        <span className="text-danger">−{stats.removed}</span> lines
      </p>
      <div className="border-border overflow-auto rounded-md border font-mono text-xs">
        <table className="w-full border-collapse">
          <tbody>
            {foldUnchanged(rows).map((row, index) =>
              row.kind === 'gap' ? (
                <tr key={index} className="bg-subtle text-muted">
                  <td colSpan={3} className="px-2 py-0.5 text-center">
                    {row.hidden} unchanged {row.hidden === 1 ? 'line' : 'lines'}
                  </td>
                </tr>
              ) : (
                <tr
                  key={index}
                  className={
                    row.kind === 'added'
                      ? 'bg-success-soft'
                      : row.kind === 'removed'
                        ? 'bg-danger-soft'
                        : undefined
                  }
                >
                  <td className="text-muted w-10 px-1.5 text-right select-none">
                    {row.oldLine ?? ''}
                  </td>
                  <td className="text-muted w-10 px-1.5 text-right select-none">
                    {row.newLine ?? ''}
                  </td>
                  <td className="px-2 whitespace-pre-wrap">
                    <span aria-hidden="true" className="select-none">
                      {row.kind === 'added' ? '+ ' : row.kind === 'removed' ? '− ' : '  '}
                    </span>
                    <span className="sr-only">
                      {row.kind === 'added' ? 'added: ' : row.kind === 'removed' ? 'removed: ' : ''}
                    </span>
                    {row.text}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export interface ReviewDialogProps {
  open: boolean;
  saved: NotificationWritableFields;
  edited: NotificationWritableFields;
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Every changed field as a line diff against the saved version, before the save goes out. */
export function ReviewDialog({
  open,
  saved,
  edited,
  saving,
  onCancel,
  onConfirm,
}: ReviewDialogProps) {
  const fields = changedFields(saved, edited);
  return (
    <Dialog
      open={open}
      size="xl"
      initialFocus="[data-autofocus]"
      title="Review changes"
      description={`${fields.length} ${fields.length === 1 ? 'field' : 'fields'} changed since the saved version.`}
      onClose={onCancel}
      footer={
        <>
          <Button onClick={onCancel}>Keep editing</Button>
          <Button variant="primary" loading={saving} onClick={onConfirm} data-autofocus>
            Save changes
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        {fields.map((field) => (
          <section key={field} aria-label={`Changes to ${FIELD_LABELS[field]}`}>
            <h3 className="mb-1 text-sm font-semibold">{FIELD_LABELS[field]}</h3>
            <FieldDiff before={shownValue(saved[field])} after={shownValue(edited[field])} />
          </section>
        ))}
      </div>
    </Dialog>
  );
}
