/**
 * Saved log views (issue 30, decision 053): `GET /log-views`, `POST /log-views`,
 * `PUT /log-views/{id}`, `DELETE /log-views/{id}`, on the site of `X-Service-Site`.
 *
 * Personal: every route reads and writes only the caller's own views; another user's view id is a
 * 404 exactly like a missing one (a 403 would tell that the id exists). No `config.write`: a
 * viewer may keep views too, as they change no site configuration. Writes record no revision
 * (decision 048 records changes of the site's configuration; a view is the user's own).
 * A name is unique per user and site: a second one is a 409 with the detail on `name`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseIdSchema } from '../../../contract/schemas/common';
import {
  LOG_VIEW_NAME_TAKEN_CODE,
  LOG_VIEWS_MAX_PER_USER,
  logViewAppIdSchema,
  logViewCreateSchema,
  logViewListSchema,
  logViewSchema,
  logViewUpdateSchema,
  type LogView,
} from '../../../contract/schemas/log-view';
import { fieldError, HttpError, notFound, preconditionFailed, validation } from '../../http/errors';
import { etagOf, ifMatchAllows } from '../../http/etag';
import { findAppRow } from '../../apps/index';
import {
  countLogViews,
  deleteLogView,
  findLogView,
  insertLogView,
  isDuplicateName,
  listLogViews,
  logViewIdNamed,
  updateLogViewAtVersion,
  type LogViewFields,
  type LogViewOwner,
} from '../store/log-views';
import type { Db } from '../../database/schema';
import { writeTransaction } from '../../database/transactions';
import {
  AUTH_ERRORS,
  DATABASE_BUSY_RESPONSE,
  errorResponses,
  ifMatchHeaders,
  WRITE_ERRORS,
} from '../../http/common';

const RESOURCE = 'log_view';

const viewParams = z.object({ id: databaseIdSchema() });
const listQuery = z.object({
  app_id: logViewAppIdSchema
    .optional()
    .describe("Only the views for this app and those for any app (default: all the user's views)"),
});

function nameTaken(name: string): HttpError {
  const message = `You already have a view called "${name}"`;
  return new HttpError(409, message, [
    fieldError({
      resource: RESOURCE,
      field: 'name',
      message,
      code: LOG_VIEW_NAME_TAKEN_CODE,
      value: name,
    }),
  ]);
}

function etag(siteId: string, view: LogView): string {
  return etagOf(RESOURCE, siteId, view.id, view.version);
}

/** The body as stored fields; an `app_id` that is no app of the site is a 422 on it. */
async function fieldsOf(
  db: Db,
  siteId: string,
  body: z.output<typeof logViewCreateSchema>,
): Promise<LogViewFields> {
  if (body.app_id !== null && !(await findAppRow(db, siteId, body.app_id))) {
    throw validation([
      fieldError({
        resource: RESOURCE,
        field: 'app_id',
        message: 'There is no such app on this site',
        code: 'unknown',
        value: body.app_id,
      }),
    ]);
  }
  return { name: body.name, appId: body.app_id, query: body.query };
}

/** Runs a write, turning the unique index's refusal (two instances at once) into the 409. */
async function refusingDuplicates<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDuplicateName(error)) throw nameTaken(name);
    throw error;
  }
}

export const logViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const ownerOf = (auth: { siteId: string; userId: number }): LogViewOwner => ({
    siteId: auth.siteId,
    userId: auth.userId,
  });

  app.get(
    '/log-views',
    {
      config: { resource: RESOURCE },
      schema: {
        summary: 'Your saved log views on this site',
        description: 'Our extension (issue 30). Only your own views, by name.',
        tags: ['logs'],
        security: [{ bearer: [] }],
        querystring: listQuery,
        response: { 200: logViewListSchema, ...errorResponses(AUTH_ERRORS) },
      },
    },
    async (request) => listLogViews(db, ownerOf(request.auth), request.query.app_id),
  );

  app.post(
    '/log-views',
    {
      config: { resource: RESOURCE },
      schema: {
        summary: 'Save a log view',
        description:
          'Any member, a viewer too. A name you already use on this site is a 409 on `name`; ' +
          `at most ${String(LOG_VIEWS_MAX_PER_USER)} views per user and site.`,
        tags: ['logs'],
        security: [{ bearer: [] }],
        body: logViewCreateSchema.strict(),
        response: {
          201: logViewSchema,
          ...errorResponses([...AUTH_ERRORS, 409, 413, 415, 422]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request.auth);
      const view = await refusingDuplicates(request.body.name, () =>
        writeTransaction(
          db,
          async (trx) => {
            const fields = await fieldsOf(trx, owner.siteId, request.body);
            if ((await logViewIdNamed(trx, owner, fields.name)) !== undefined) {
              throw nameTaken(fields.name);
            }
            if ((await countLogViews(trx, owner)) >= LOG_VIEWS_MAX_PER_USER) {
              throw validation([
                fieldError({
                  resource: RESOURCE,
                  field: 'name',
                  message: `At most ${String(LOG_VIEWS_MAX_PER_USER)} views; delete one first`,
                  code: 'too_many',
                }),
              ]);
            }
            return insertLogView(trx, owner, fields);
          },
          request.writeAuthority,
        ),
      );
      void reply.header('ETag', etag(owner.siteId, view));
      return reply.code(201).send(view);
    },
  );

  app.put(
    '/log-views/:id',
    {
      config: { resource: RESOURCE },
      schema: {
        summary: 'Rename a log view or change its query',
        description:
          'The whole view (name, app_id, query). `If-Match` with the ETag of the view as read; a ' +
          "mismatch is a 412. Another user's view is a 404, as a missing one.",
        tags: ['logs'],
        security: [{ bearer: [] }],
        params: viewParams,
        headers: ifMatchHeaders,
        body: logViewUpdateSchema.strict(),
        response: {
          200: logViewSchema,
          ...errorResponses([...WRITE_ERRORS, 404, 409]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request.auth);
      const { id } = request.params;
      const view = await refusingDuplicates(request.body.name, () =>
        writeTransaction(
          db,
          async (trx) => {
            const current = await findLogView(trx, owner, id);
            if (!current) throw notFound('log view');
            if (!ifMatchAllows(request.headers['if-match'], etag(owner.siteId, current))) {
              throw preconditionFailed('log view');
            }
            const fields = await fieldsOf(trx, owner.siteId, request.body);
            const named = await logViewIdNamed(trx, owner, fields.name);
            if (named !== undefined && named !== id) throw nameTaken(fields.name);
            const written = await updateLogViewAtVersion(trx, owner, id, current.version, fields);
            // Changed by another request between the read and the write.
            if (!written) throw preconditionFailed('log view');
            return written;
          },
          request.writeAuthority,
        ),
      );
      void reply.header('ETag', etag(owner.siteId, view));
      return view;
    },
  );

  app.delete(
    '/log-views/:id',
    {
      config: { resource: RESOURCE },
      schema: {
        summary: 'Delete a log view',
        description: "Another user's view is a 404, as a missing one.",
        tags: ['logs'],
        security: [{ bearer: [] }],
        params: viewParams,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses([...AUTH_ERRORS, 404]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      // In a write transaction as every write: on SQLite it waits its turn for the file's lock.
      const owner = ownerOf(request.auth);
      const deleted = await writeTransaction(
        db,
        (trx) => deleteLogView(trx, owner, request.params.id),
        request.writeAuthority,
      );
      if (!deleted) {
        throw notFound('log view');
      }
      return reply.code(204).send(null);
    },
  );
};
