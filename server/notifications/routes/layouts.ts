/**
 * Layouts (issue 38, decision 062): `GET /layouts`, `GET/PUT/DELETE /layouts/:slug`, and
 * `POST /layouts/:slug/impact` (what saving a draft would change, rendered; nothing is written).
 *
 * PUT creates the layout (name and html required) or changes the fields sent; translations are
 * partial as notifications' are. html holds exactly one `{{ content }}`, text at most one (422 on
 * the field, with the line). ETag/If-Match, revisions and the audit feed as notifications.
 * DELETE of a layout that notifications use is 409 naming them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assetSlugSchema,
  impactRequestSchema,
  impactSchema,
  layoutListSchema,
  layoutSchema,
  layoutUpdateSchema,
  type LayoutUpdate,
} from '../../../contract/schemas/layout';
import type { ErrorDetail } from '../../../contract/schemas/error';
import { fieldError, HttpError, notFound, preconditionFailed, validation } from '../../http/errors';
import { etagOf, ifMatchAllows } from '../../http/etag';
import type { TemplateRenderer } from '../mail/template-renderer';
import {
  deleteLayout,
  findLayout,
  insertLayout,
  layoutContentOf,
  layoutUsers,
  listLayouts,
  toLayout,
  updateLayout,
  type LayoutContent,
  type LayoutRecord,
} from '../store/layouts';
import type { SiteLanguages } from '../store/locale-change';
import { fieldChanges } from '../../audit/store/revision-changes';
import { recordRevision } from '../../audit/store/revisions';
import type { Db } from '../../database/schema';
import { findSiteRow, siteSettingsOf } from '../../site/store/sites';
import { writeTransaction } from '../../database/transactions';
import {
  AUTH_ERRORS,
  DATABASE_BUSY_RESPONSE,
  WRITE_ERRORS,
  errorResponses,
  ifMatchHeaders,
} from '../../http/common';
import { layoutImpact } from './impact';
import { layoutFieldProblems, mergeAssetTranslations } from './layout-problems';
import { writeVersioned } from '../../audit/routes/versioned-write';

const slugParams = z.object({ slug: assetSlugSchema.describe('The layout slug') });

const layoutEtag = (siteId: string, row: LayoutRecord) =>
  etagOf('layout', siteId, row.id, row.version);

async function siteLanguages(db: Db, siteId: string, forWrite: boolean): Promise<SiteLanguages> {
  const site = await findSiteRow(db, siteId, { forWrite });
  if (!site) throw notFound('site');
  return siteSettingsOf(site);
}

/**
 * The draft merged into the stored layout (or a new one), or the 422 of what it breaks. Shared by
 * PUT and the impact preview, so what the preview shows is what the save would write.
 */
export function mergeLayout(
  before: LayoutContent,
  sent: LayoutUpdate,
  languages: SiteLanguages,
  creating: boolean,
): LayoutContent {
  const next: LayoutContent = {
    name: sent.name ?? before.name,
    html: sent.html ?? before.html,
    text: sent.text ?? before.text,
    translations: before.translations,
  };
  const problems: ErrorDetail[] = [];
  if (creating && sent.name === undefined) {
    problems.push(
      fieldError({
        resource: 'layout',
        field: 'name',
        code: 'required',
        message: 'Name is required',
        value: null,
      }),
    );
  }
  problems.push(
    ...layoutFieldProblems('', {
      html: sent.html ?? (creating ? next.html : undefined),
      text: sent.text,
    }),
  );
  if (sent.translations !== undefined) {
    const merged = mergeAssetTranslations(
      'layout',
      before.translations,
      sent.translations,
      { html: next.html, text: next.text },
      languages,
    );
    problems.push(...merged.problems);
    for (const [locale, fields] of Object.entries(merged.changed)) {
      problems.push(...layoutFieldProblems(`translations.${locale}.`, fields));
    }
    next.translations = merged.translations;
  }
  if (problems.length > 0) throw validation(problems);
  return next;
}

export const layoutRoutes: FastifyPluginAsyncZod<{ renderer: TemplateRenderer }> = async (
  app,
  options,
) => {
  const db = app.db;

  app.get(
    '/layouts',
    {
      config: { resource: 'layout' },
      schema: {
        summary: 'List the layouts of the site',
        description: 'Our extension, not in the spec (issue 38).',
        tags: ['notifications'],
        response: { 200: layoutListSchema, ...errorResponses(AUTH_ERRORS) },
      },
    },
    async (request) => {
      const { siteId } = request.auth;
      const layouts = await listLayouts(db, siteId);
      return Promise.all(
        layouts.map(async (l) => toLayout(l, await layoutUsers(db, siteId, l.slug))),
      );
    },
  );

  app.get(
    '/layouts/:slug',
    {
      config: { resource: 'layout' },
      schema: {
        summary: 'Get a layout',
        tags: ['notifications'],
        params: slugParams,
        response: { 200: layoutSchema, ...errorResponses([...AUTH_ERRORS, 404]) },
      },
    },
    async (request, reply) => {
      const { siteId } = request.auth;
      const row = await findLayout(db, siteId, request.params.slug);
      if (!row) throw notFound('layout');
      void reply.header('ETag', layoutEtag(siteId, row));
      return toLayout(row, await layoutUsers(db, siteId, row.slug));
    },
  );

  app.put(
    '/layouts/:slug',
    {
      config: { resource: 'layout', write: 'notification' },
      schema: {
        summary: 'Create or update a layout',
        description:
          'Creates the layout (name and html required) or changes the fields sent. html holds ' +
          "exactly one `{{ content }}`, where a notification's rendered html goes; text at most " +
          "one. translations are partial, as a notification's. If-Match as notifications.",
        tags: ['notifications'],
        params: slugParams,
        headers: ifMatchHeaders,
        body: layoutUpdateSchema.strict(),
        response: {
          200: layoutSchema,
          ...errorResponses([...WRITE_ERRORS, 404]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const { siteId } = request.auth;
      const { slug } = request.params;
      let languages: SiteLanguages | undefined;
      let creating = false;
      const row = await writeTransaction(
        db,
        (trx) =>
          writeVersioned(trx, {
            resource: 'layout',
            ifMatch: request.headers['if-match'],
            find: async (tx) => {
              languages = await siteLanguages(tx, siteId, true);
              return findLayout(tx, siteId, slug, { forWrite: true });
            },
            absent: {
              // No client holds this tag: a write with If-Match to a layout that is not there is 412.
              etag: '"absent"',
              create: (tx, now) => {
                creating = true;
                return insertLayout(tx, siteId, slug, now);
              },
            },
            etag: (current) => layoutEtag(siteId, current),
            fieldsOf: layoutContentOf,
            merge: (before) => {
              if (!languages) throw new Error('the site languages were not read');
              return mergeLayout(before, request.body, languages, creating);
            },
            update: (tx, current, next, now) => updateLayout(tx, current, next, now),
            revision: {
              siteId,
              resource: 'layout',
              actor: request.auth,
              resourceId: (written) => written.slug,
              snapshot: (written) => written,
            },
          }),
        request.writeAuthority,
      );
      void reply.header('ETag', layoutEtag(siteId, row));
      return toLayout(row, await layoutUsers(db, siteId, row.slug));
    },
  );

  app.delete(
    '/layouts/:slug',
    {
      config: { resource: 'layout', write: 'notification' },
      schema: {
        summary: 'Delete a layout no notification uses',
        description: 'A layout that notifications use is 409, naming them.',
        tags: ['notifications'],
        params: slugParams,
        headers: ifMatchHeaders,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses([...AUTH_ERRORS, 404, 409, 412]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const { siteId } = request.auth;
      await writeTransaction(
        db,
        async (trx) => {
          const row = await findLayout(trx, siteId, request.params.slug, { forWrite: true });
          if (!row) throw notFound('layout');
          if (!ifMatchAllows(request.headers['if-match'], layoutEtag(siteId, row))) {
            throw preconditionFailed('layout');
          }
          const users = await layoutUsers(trx, siteId, row.slug);
          if (users.length > 0) {
            throw new HttpError(
              409,
              `The layout is used by ${users.length} notification${users.length === 1 ? '' : 's'}: ${users.join(', ')}. Choose another layout for them first.`,
              [
                fieldError({
                  resource: 'layout',
                  field: 'used_by',
                  code: 'in_use',
                  message: `Used by ${users.join(', ')}`,
                  value: users,
                }),
              ],
            );
          }
          await deleteLayout(trx, row.id);
          await recordRevision(trx, {
            siteId,
            resource: 'layout',
            resourceId: row.slug,
            actor: request.auth,
            changes: fieldChanges(layoutContentOf(row), {}),
          });
        },
        request.writeAuthority,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/layouts/:slug/impact',
    {
      config: { resource: 'layout' },
      schema: {
        summary: 'What saving a draft of the layout would change, rendered',
        description:
          'Every notification that uses the layout, in each of its languages, rendered with the ' +
          'stored layout and with the draft (the PUT body it would send), with the sample given ' +
          'per notification. Nothing is written.',
        tags: ['notifications'],
        params: slugParams,
        body: layoutUpdateSchema.extend(impactRequestSchema.shape).strict(),
        response: { 200: impactSchema, ...errorResponses([...AUTH_ERRORS, 404, 422]) },
      },
    },
    async (request) => {
      const { siteId } = request.auth;
      const { samples, ...draft } = request.body;
      const stored = await findLayout(db, siteId, request.params.slug);
      if (!stored) throw notFound('layout');
      const languages = await siteLanguages(db, siteId, false);
      const next = mergeLayout(layoutContentOf(stored), draft, languages, false);
      return layoutImpact(db, options.renderer, siteId, stored, next, samples);
    },
  );
};
