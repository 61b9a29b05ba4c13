/**
 * Revision retention (issue 42, decision 060), both engines: each resource keeps its newest N
 * revisions and none older than the age limit; the snapshot parts only pruned revisions named go
 * too, and the kept revisions still read whole.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../database/test-database.test-helper';
import { pruneRevisions } from './revision-retention';
import { findRevision, listRevisions, recordRevision } from './revisions';
import type { Database } from '../../database/schema';
import { findOrCreateUser } from '../../access/store/tokens';

let db: Kysely<Database>;
let database: TestDatabase;
let userId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  userId = await findOrCreateUser(db, 'keeper@example.com');
});
afterAll(async () => {
  await database.destroy();
});

/** A notification snapshot whose HTML is long (a part) and different in each version. */
function snapshotOf(version: number) {
  return { slug: 'welcome', version, html: `<p>${String(version)}${'y'.repeat(1_000)}</p>` };
}

async function save(siteId: string, resourceId: string, version: number): Promise<number> {
  const id = await recordRevision(db, {
    siteId,
    resource: 'notification',
    resourceId,
    actor: { userId, tokenId: null },
    changes: [{ field: 'html', before: String(version - 1), after: String(version) }],
    snapshot: snapshotOf(version),
  });
  return id ?? 0;
}

describe('revision retention', () => {
  it('keeps the newest N of each resource and the parts they name; drops the rest', async () => {
    const ids: number[] = [];
    for (let version = 1; version <= 5; version += 1)
      ids.push(await save('demo', 'welcome', version));
    await save('demo', 'other', 1);

    expect(await pruneRevisions(db, { keepPerResource: 3, maxAgeDays: 0 })).toBe(2);

    const left = await listRevisions(db, 'demo', { limit: 50, resource: 'notification' });
    expect(left.filter((r) => r.resource_id === 'welcome').map((r) => r.id)).toEqual(
      ids.slice(2).reverse(),
    );
    expect(left.some((r) => r.resource_id === 'other')).toBe(true);
    for (const [index, id] of ids.slice(2).entries()) {
      const found = await findRevision(db, 'demo', 'notification', 'welcome', id);
      expect(found?.snapshot).toEqual(snapshotOf(index + 3));
    }
    const parts = await db
      .selectFrom('revision_parts')
      .select('hash')
      .where('resource_id', '=', 'welcome')
      .execute();
    expect(parts).toHaveLength(3);
    // Nothing more to do: a second run deletes nothing.
    expect(await pruneRevisions(db, { keepPerResource: 3, maxAgeDays: 0 })).toBe(0);
  });

  it('drops revisions past the age limit', async () => {
    await save('demo', 'aging', 1);
    const later = Date.now() + 31 * 24 * 60 * 60 * 1000;
    expect(
      await pruneRevisions(db, { keepPerResource: 100, maxAgeDays: 30 }, later),
    ).toBeGreaterThan(0);
    const left = await listRevisions(db, 'demo', { limit: 50, resource: 'notification' });
    expect(left).toEqual([]);
    expect(await db.selectFrom('revision_parts').select('hash').execute()).toEqual([]);
  });
});
