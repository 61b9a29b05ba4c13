/**
 * A site's members (issue 29): `GET /members` for every member; `PATCH /members/{user_id}`
 * `{ role }` and `DELETE /members/{user_id}` for admins (`config.write: 'member'`, auth.ts).
 * The last admin can be neither demoted nor removed: 409 with the detail on `role`
 * (store/members.ts decides it in the write's transaction). A change is seen by every
 * instance's auth cache within AUTH_CHANGE_POLL_MS (decision 049).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseIdSchema } from '../../../contract/schemas/common';
import {
  memberListSchema,
  memberSchema,
  memberUpdateSchema,
  type Member,
} from '../../../contract/schemas/member';
import type { Role } from '../../../contract/schemas/role';
import { fieldError, HttpError, notFound } from '../../http/errors';
import type { AuthContext } from '../auth';
import { changeMembership, listMembers } from '../store/members';
import type { WriteAuthority } from '../../database/write-authority';
import { fieldChanges, recordRevision } from '../../audit/index';
import {
  AUTH_ERRORS,
  DATABASE_BUSY_RESPONSE,
  errorResponses,
  WRITE_ERRORS,
} from '../../http/common';

/** Ids are integers (PostgreSQL `integer`): a larger number is no member, not a 500. */
const memberParams = z.object({
  user_id: databaseIdSchema(),
});

export const LAST_ADMIN_CODE = 'last_admin';

function lastAdmin(role: Role | undefined): HttpError {
  const message =
    role === undefined
      ? 'The last admin of a site cannot be removed: make another member admin first'
      : 'The last admin of a site cannot be demoted: make another member admin first';
  return new HttpError(409, message, [
    fieldError({
      resource: 'member',
      field: 'role',
      message,
      code: LAST_ADMIN_CODE,
      value: role ?? null,
    }),
  ]);
}

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  async function change(
    auth: AuthContext,
    userId: number,
    role: Role | undefined,
    authority: WriteAuthority | undefined,
  ): Promise<Member> {
    const { siteId } = auth;
    // The change is a revision of resource `member` (its user id), in the change's transaction;
    // a removal's `after` is null.
    const result = await changeMembership(
      db,
      siteId,
      userId,
      role,
      (trx, { before, after }) =>
        recordRevision(trx, {
          siteId,
          resource: 'member',
          resourceId: String(userId),
          actor: auth,
          changes: fieldChanges({ role: before.role }, { role: after?.role ?? null }),
        }).then(() => undefined),
      authority,
    );
    if (result.outcome === 'not_found') throw notFound('member');
    if (result.outcome === 'last_admin') throw lastAdmin(role);
    app.authChanged();
    return result.after ?? result.before;
  }

  app.get(
    '/members',
    {
      config: { resource: 'member' },
      schema: {
        summary: "The site's members and their roles",
        description: 'Our extension (issue 29); every member may read it.',
        tags: ['members'],
        response: { 200: memberListSchema, ...errorResponses(AUTH_ERRORS) },
      },
    },
    async (request) => listMembers(db, request.auth.siteId),
  );

  app.patch(
    '/members/:user_id',
    {
      config: { resource: 'member', write: 'member' },
      schema: {
        summary: "Change a member's role",
        description: 'Admins only. The last admin cannot be demoted (409, detail on `role`).',
        tags: ['members'],
        params: memberParams,
        body: memberUpdateSchema.strict(),
        response: {
          200: memberSchema,
          ...errorResponses([...WRITE_ERRORS, 404, 409]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request) =>
      change(request.auth, request.params.user_id, request.body.role, request.writeAuthority),
  );

  app.delete(
    '/members/:user_id',
    {
      config: { resource: 'member', write: 'member' },
      schema: {
        summary: 'Remove a member from the site',
        description: 'Admins only. The last admin cannot be removed (409, detail on `role`).',
        tags: ['members'],
        params: memberParams,
        response: {
          204: z.null().describe('Removed'),
          ...errorResponses([...AUTH_ERRORS, 404, 409]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      await change(request.auth, request.params.user_id, undefined, request.writeAuthority);
      return reply.code(204).send(null);
    },
  );
};
