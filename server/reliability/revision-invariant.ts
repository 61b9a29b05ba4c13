/**
 * The revisions invariant (issue 29, decision 048), read from a SQLite file after a crash: a
 * write without its revision, or a revision without its write, shows as
 *
 * - a notification whose current row and translations differ from its latest revision's
 *   snapshot (a revision without its write, or a write after the last revision);
 * - a gap in the versions of its snapshots: every write moves the version by one and records
 *   one snapshot, so since `baseline` (its version before the writes) the snapshots' versions are
 *   exactly baseline+1 … current (a write without its revision leaves a gap).
 *
 * Used by `npm run chaos` (scripts/chaos-revisions.ts), where the service is killed mid-write.
 */
import type Database from 'better-sqlite3';
import { assembleSnapshot, partHashesOf } from '../audit/store/revision-snapshots';

interface NotificationState {
  id: string;
  slug: string;
  version: number;
}

/** Versions of the site's notifications now, by slug. */
export function notificationVersions(db: Database.Database, siteId: string): Map<string, number> {
  const rows = db
    .prepare('select id, slug, version from notifications where site_id = ?')
    .all(siteId) as NotificationState[];
  return new Map(rows.map((row) => [row.slug, row.version]));
}

function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** The parts a stored snapshot names (revision-snapshots.ts), by hash. */
function partsOf(
  db: Database.Database,
  siteId: string,
  slug: string,
  text: string,
): Map<string, string> {
  const select = db.prepare(
    `select body from revision_parts where site_id = ? and resource = 'notification'
     and resource_id = ? and hash = ?`,
  );
  const parts = new Map<string, string>();
  for (const hash of partHashesOf(text)) {
    const body = select.pluck().get(siteId, slug, hash) as string | undefined;
    if (body !== undefined) parts.set(hash, body);
  }
  return parts;
}

/** Each violation as a sentence; empty when the invariant holds. */
export function revisionViolations(
  db: Database.Database,
  siteId: string,
  baseline: ReadonlyMap<string, number>,
): string[] {
  const violations: string[] = [];
  const notifications = db
    .prepare('select * from notifications where site_id = ?')
    .all(siteId) as Array<NotificationState & Record<string, unknown>>;
  for (const row of notifications) {
    const snapshots = (
      db
        .prepare(
          `select snapshot from revisions where site_id = ? and resource = 'notification'
           and resource_id = ? order by id`,
        )
        .pluck()
        .all(siteId, row.slug) as string[]
    ).map(
      (text) =>
        assembleSnapshot(text, partsOf(db, siteId, row.slug, text)) as Record<string, unknown> & {
          version: number;
        },
    );
    const from = baseline.get(row.slug) ?? row.version;
    const versions = snapshots.map((snapshot) => snapshot.version).filter((v) => v > from);
    const expected = Array.from({ length: row.version - from }, (_, i) => from + i + 1);
    if (sortedJson(versions) !== sortedJson(expected)) {
      violations.push(
        `${row.slug}: snapshot versions ${versions.join(',')} but writes made ${expected.join(',')}`,
      );
    }
    const latest = snapshots.at(-1);
    if (row.version > from && latest) {
      const translations: Record<string, unknown> = Object.fromEntries(
        (
          db
            .prepare('select * from notification_translations where notification_id = ?')
            .all(row.id) as Array<Record<string, string>>
        ).map((t): [string, unknown] => [
          t.locale ?? '',
          {
            subject: t.subject,
            text: t.text,
            html: t.html,
            based_on: { subject: t.based_on_subject, text: t.based_on_text, html: t.based_on_html },
            updated_at: t.updated_at,
          },
        ]),
      );
      if (sortedJson({ ...row, translations }) !== sortedJson(latest)) {
        violations.push(`${row.slug}: the current notification differs from its latest snapshot`);
      }
    }
  }
  return violations;
}
