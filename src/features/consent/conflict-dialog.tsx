// 412 on save: someone else changed the privacy policy since it was loaded. Per field the admin
// keeps theirs or overwrites with theirs; fields only one side changed are merged as they are.
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { findPolicyConflicts, mergePolicy, type ConflictChoice } from './consent-conflict';
import type { ConflictState } from './use-privacy-policy-form';
import type { PrivacyPolicyFormValues } from './privacy-policy-form-values';

function Value({ value }: { value: string | null }) {
  return value === null ? (
    <span className="text-muted italic">removed</span>
  ) : (
    <code className="font-mono text-xs break-all">{value}</code>
  );
}

export function ConsentConflictDialog({
  conflict,
  saving,
  onResolve,
  onCancel,
}: {
  conflict: ConflictState | null;
  saving: boolean;
  onResolve: (values: PrivacyPolicyFormValues | 'theirs') => void;
  onCancel: () => void;
}) {
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  if (!conflict) return <Dialog open={false} onClose={onCancel} title="" />;
  const conflicts = findPolicyConflicts(conflict.base, conflict.theirs, conflict.yours);
  const merge = (choice: Record<string, ConflictChoice>) =>
    mergePolicy(conflict.base, conflict.theirs, conflict.yours, choice);

  return (
    <Dialog
      open
      onClose={onCancel}
      size="lg"
      title="Someone else changed the privacy policy"
      description="It was saved by someone else after you loaded it. Choose what to keep; your other changes and theirs are combined."
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={saving} className="mr-auto">
            Cancel
          </Button>
          <Button onClick={() => onResolve('theirs')} disabled={saving}>
            Keep theirs
          </Button>
          <Button
            onClick={() =>
              onResolve(
                merge(Object.fromEntries(conflicts.map((c) => [c.field, 'yours' as const]))),
              )
            }
            disabled={saving}
          >
            Overwrite with yours
          </Button>
          {conflicts.length > 0 && (
            <Button variant="primary" loading={saving} onClick={() => onResolve(merge(choices))}>
              Save merged
            </Button>
          )}
        </>
      }
    >
      {conflicts.length === 0 ? (
        <p className="text-fg">
          They changed other fields than you did. Overwrite with yours saves your changes on top of
          theirs; nothing of theirs is lost.
        </p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Fields both of you changed</caption>
          <thead className="text-muted text-xs">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Field
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Theirs
              </th>
              <th scope="col" className="py-2 font-medium">
                Yours
              </th>
            </tr>
          </thead>
          <tbody className="divide-border divide-y">
            {conflicts.map((item) => {
              const choice = choices[item.field] ?? 'yours';
              const pick = (next: ConflictChoice) =>
                setChoices((prev) => ({ ...prev, [item.field]: next }));
              return (
                <tr key={item.field}>
                  <th scope="row" className="py-2 pr-3 align-top font-medium">
                    {item.label}
                  </th>
                  <td className="py-2 pr-3 align-top">
                    <label className="flex items-start gap-2">
                      <input
                        type="radio"
                        name={`conflict-${item.field}`}
                        checked={choice === 'theirs'}
                        onChange={() => pick('theirs')}
                        aria-label={`Keep theirs for ${item.label}`}
                        className="accent-accent mt-1"
                      />
                      <Value value={item.theirs} />
                    </label>
                  </td>
                  <td className="py-2 align-top">
                    <label className="flex items-start gap-2">
                      <input
                        type="radio"
                        name={`conflict-${item.field}`}
                        checked={choice === 'yours'}
                        onChange={() => pick('yours')}
                        aria-label={`Use yours for ${item.label}`}
                        className="accent-accent mt-1"
                      />
                      <Value value={item.yours} />
                    </label>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
