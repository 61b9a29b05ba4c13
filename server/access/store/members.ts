/**
 * A site's members and their roles (issue 29). The last admin of a site can be neither demoted
 * nor removed; the check and the write are one transaction holding the site's row (SQLite: the
 * write lock; PostgreSQL: `FOR UPDATE` on the site), so two admins demoting each other at once
 * cannot leave the site without one.
 */
import type { Kysely } from 'kysely';
import type { Member } from '../../../contract/schemas/member';
import type { Role } from '../../../contract/schemas/role';
import { bumpAuthChanges } from './auth-changes';
import { lockedForWrite } from '../../database/row-lock';
import type { Database } from '../../database/schema';
import { writeTransaction } from '../../database/transactions';

export async function listMembers(db: Kysely<Database>, siteId: string): Promise<Member[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select([
      'users.id as user_id',
      'users.email',
      'users.name',
      'memberships.role',
      'memberships.created_at',
    ])
    .where('memberships.site_id', '=', siteId)
    .orderBy('users.email')
    .execute();
  return rows.map((row) => ({ ...row, role: row.role as Role }));
}

/** What a change of a membership came to. */
export type MemberChange =
  | { outcome: 'changed'; before: Member; after: Member | undefined }
  | { outcome: 'not_found' }
  | { outcome: 'last_admin' };

/**
 * Sets the member's role (`role`), or removes the membership (`role` undefined), unless it is
 * the site's last admin losing that role. `inside` runs in the same transaction after the write
 * (a revision is recorded there).
 */
export async function changeMembership(
  db: Kysely<Database>,
  siteId: string,
  userId: number,
  role: Role | undefined,
  inside?: (
    trx: Kysely<Database>,
    change: { before: Member; after: Member | undefined },
  ) => Promise<void>,
): Promise<MemberChange> {
  return writeTransaction(db, async (trx) => {
    await lockedForWrite(
      trx,
      trx.selectFrom('sites').select('id').where('id', '=', siteId),
    ).executeTakeFirst();
    const members = await listMembers(trx, siteId);
    const before = members.find((member) => member.user_id === userId);
    if (!before) return { outcome: 'not_found' } as const;
    if (role === before.role) return { outcome: 'changed', before, after: before } as const;
    const admins = members.filter((member) => member.role === 'admin').length;
    if (before.role === 'admin' && admins <= 1) return { outcome: 'last_admin' } as const;
    if (role === undefined) {
      await trx
        .deleteFrom('memberships')
        .where('site_id', '=', siteId)
        .where('user_id', '=', userId)
        .execute();
    } else {
      await trx
        .updateTable('memberships')
        .set({ role })
        .where('site_id', '=', siteId)
        .where('user_id', '=', userId)
        .execute();
    }
    await bumpAuthChanges(trx);
    const after = role === undefined ? undefined : { ...before, role };
    if (inside) await inside(trx, { before, after });
    return { outcome: 'changed', before, after } as const;
  });
}
