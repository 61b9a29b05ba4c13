/**
 * What a notification's revision records (decision 048), for its PUT and for the changes a site's
 * languages make to it: the content's changed fields (a translation's as
 * `translations.<locale>.<field>`; `based_on`, bookkeeping the editor derives "outdated" from, is
 * left out) and a snapshot of the whole stored notification after the write.
 */
import type { Db } from '../../database/schema';
import {
  contentOf,
  type NotificationContent,
  type NotificationRecord,
} from '../store/notifications';
import { fieldChanges, recordRevision, type RevisionActor } from '../../audit/index';

/** The content as a revision compares it. */
export function auditedNotification(content: NotificationContent): unknown {
  return {
    ...content,
    translations: Object.fromEntries(
      Object.entries(content.translations).map(([locale, { based_on: _, ...text }]) => [
        locale,
        text,
      ]),
    ),
  };
}

/** The snapshot kept with the revision: the notification as stored after the write. */
export function notificationSnapshot(record: NotificationRecord): NotificationRecord {
  return record;
}

/** Records the revision of a notification written outside its own PUT (a change of languages). */
export async function recordNotificationRevision(
  trx: Db,
  siteId: string,
  actor: RevisionActor,
  before: NotificationRecord,
  after: NotificationRecord,
): Promise<void> {
  await recordRevision(trx, {
    siteId,
    resource: 'notification',
    resourceId: after.slug,
    actor,
    changes: fieldChanges(
      auditedNotification(contentOf(before)),
      auditedNotification(contentOf(after)),
    ),
    snapshot: notificationSnapshot(after),
  });
}
