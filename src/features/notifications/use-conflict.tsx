// A 412 on save, wired into the shared conflict dialog: load their version, merge what only one
// side changed, and ask field by field about the rest. With no field changed on both sides the
// merge is handed over at once (the review dialog shows it before anything is saved).
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ApiResponse } from '../../api/client';
import { fetchLatestNotification } from '../../api/notifications';
import type { NotificationWritableFields } from '../../api/schemas/notification';
import type { Notification } from '../../api/wire/notification';
import { notificationFormValues } from './notification-form-values';
import { ConflictDialog, type ConflictDialogField } from '../../components/conflict-dialog';
import {
  findConflicts,
  mergeThreeWay,
  type ConflictChoices,
  type FieldConflict,
  type ThreeWayOptions,
} from '../../lib/three-way-merge';
import { WRITABLE_FIELDS } from './draft-store';
import { FIELD_LABELS } from './review-dialog';

type Values = NotificationWritableFields;

export interface ConflictOptions {
  slug: string;
  /** The version the edits started from, and the edits. */
  base: () => Values;
  mine: () => Values;
  /** Applies the merged values to the form, to review and save against their version. */
  onResolve: (values: Values, theirs: ApiResponse<Notification>) => void;
  /** Drops the edits: their version becomes the saved one and the form shows it. */
  onKeepTheirs: (theirs: ApiResponse<Notification>) => void;
  onLoadError: (message: string) => void;
}

const options: ThreeWayOptions<Values> = { fields: WRITABLE_FIELDS };

function shown(value: string | boolean): string {
  return typeof value === 'boolean' ? (value ? 'on' : 'off') : value;
}

function dialogFields(conflicts: FieldConflict<Values>[]): ConflictDialogField[] {
  return conflicts.map(({ field, theirs, yours }) => ({
    id: field,
    label: FIELD_LABELS[field],
    theirs: shown(theirs),
    yours: shown(yours),
    mono: field === 'subject' || field === 'text' || field === 'html',
  }));
}

interface Pending {
  theirs: ApiResponse<Notification>;
  base: Values;
  mine: Values;
  conflicts: FieldConflict<Values>[];
}

export function useConflict({
  slug,
  base,
  mine,
  onResolve,
  onKeepTheirs,
  onLoadError,
}: ConflictOptions): { open: () => void; dialog: ReactNode } {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);

  const open = () => {
    const snapshot = { base: base(), mine: mine() };
    fetchLatestNotification(queryClient, slug).then(
      (theirs) => {
        const conflicts = findConflicts(
          snapshot.base,
          notificationFormValues(theirs.data),
          snapshot.mine,
          options,
        );
        if (conflicts.length === 0) {
          onResolve(
            mergeThreeWay(snapshot.base, notificationFormValues(theirs.data), snapshot.mine),
            theirs,
          );
          return;
        }
        setPending({ theirs, ...snapshot, conflicts });
      },
      (error: unknown) =>
        onLoadError(
          `Someone else saved this notification, and loading their version failed: ${
            error instanceof Error ? error.message : String(error)
          }`,
        ),
    );
  };

  const resolve = (choices: ConflictChoices<Values>) => {
    if (!pending) return;
    const theirs = notificationFormValues(pending.theirs.data);
    onResolve(mergeThreeWay(pending.base, theirs, pending.mine, choices, options), pending.theirs);
    setPending(null);
  };

  const dialog = (
    <ConflictDialog
      open={pending !== null}
      title="Someone else saved this notification"
      version={pending?.theirs.etag ?? pending?.theirs.data.updated_at}
      fields={pending ? dialogFields(pending.conflicts) : []}
      onCancel={() => setPending(null)}
      onKeepTheirs={() => {
        if (!pending) return;
        onKeepTheirs(pending.theirs);
        setPending(null);
      }}
      onOverwrite={() => resolve({})}
      onMerge={(choices) => resolve(choices as ConflictChoices<Values>)}
    />
  );
  return { open, dialog };
}
