/**
 * `npm run chaos`, scenario "revisions" (issue 29, decision 048): clients save notifications
 * (PUT, each with a subject of its own) while the service is killed with SIGKILL; after each
 * restart every acknowledged save is stored with its revision, and no revision lacks its write
 * (server/reliability/revision-invariant.ts). Answers false on a violation.
 */
import Database from 'better-sqlite3';
import { notificationVersions, revisionViolations } from '../server/reliability/revision-invariant';
import { startServiceProcess, type ServiceProcess } from '../server/reliability/service-process';

const SLUGS = ['welcome', 'order-confirmation'];

async function saveUntilRefused(
  service: ServiceProcess,
  token: string,
  tag: string,
  acknowledged: Set<string>,
): Promise<void> {
  for (let save = 0; ; save++) {
    const subject = `chaos ${tag}-${save}`;
    const slug = SLUGS[save % SLUGS.length] ?? 'welcome';
    try {
      // Without If-Match: an unconditional save, so concurrent clients never meet a 412.
      const response = await fetch(`${service.apiUrl}/notifications/${slug}`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${token}`,
          'x-service-site': 'demo',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ subject, translations: { nl: { text: `tekst ${subject}` } } }),
      });
      if (response.status !== 200) throw new Error(`status ${response.status}`);
      await response.arrayBuffer();
      acknowledged.add(subject);
    } catch {
      return; // the service is gone: this save is unacknowledged
    }
  }
}

export async function runRevisionsScenario(rounds: number): Promise<boolean> {
  const service = await startServiceProcess({ env: { LOG_QUOTA_PER_MINUTE: '0' } });
  let ok = true;
  try {
    const token = await service.issueToken('demo');
    const acknowledged = new Set<string>();
    const before = new Database(service.dbPath, { readonly: true });
    const baseline = notificationVersions(before, 'demo');
    before.close();
    for (let round = 0; round < rounds; round++) {
      const clients = [0, 1, 2].map((client) =>
        saveUntilRefused(service, token, `${round}-${client}`, acknowledged),
      );
      await new Promise((wake) => setTimeout(wake, 300 + Math.random() * 1200));
      await service.kill9();
      await Promise.all(clients);
      await service.start();
      const db = new Database(service.dbPath, { readonly: true });
      try {
        const violations = revisionViolations(db, 'demo', baseline);
        const recorded = new Set(
          (
            db
              .prepare(
                `select json_extract(snapshot, '$.subject') from revisions
                 where site_id = 'demo' and resource = 'notification'`,
              )
              .pluck()
              .all() as string[]
          ).filter((subject) => subject.startsWith('chaos ')),
        );
        const lost = [...acknowledged].filter((subject) => !recorded.has(subject));
        console.log(`revisions round ${round + 1}/${rounds}`, {
          acknowledged: acknowledged.size,
          revisions: recorded.size,
          acknowledgedWithoutRevision: lost.length,
          violations,
        });
        if (violations.length > 0 || lost.length > 0) ok = false;
      } finally {
        db.close();
      }
    }
  } finally {
    await service.dispose();
  }
  console.log(
    ok
      ? `OK: ${rounds} kills during saves; every save has its revision, every revision its save`
      : 'FAILED: a save without its revision or a revision without its save',
  );
  return ok;
}
