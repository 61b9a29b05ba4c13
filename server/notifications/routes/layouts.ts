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
import { fieldError, HttpError, notFound, validation } from '../../http/errors';
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
import { siteLanguages } from '../../site';
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
import { assetEtag, deleteAsset, putAsset, type VersionedAsset } from './versioned-asset';

const slugParams = z.object({ slug: assetSlugSchema.describe('The layout slug') });

const LAYOUTS: VersionedAsset<LayoutRecord, LayoutContent> = {
  resource: 'layout',
  keyOf: (row) => row.slug,
  find: findLayout,
  insert: insertLayout,
  contentOf: layoutContentOf,
  update: updateLayout,
  remove: deleteLayout,
};

const layoutEtag = (siteId: string, row: LayoutRecord) => assetEtag(LAYOUTS, siteId, row);

/** The 409 of a DELETE while notifications use the layout, naming them. */
function layoutInUse(users: readonly string[]): HttpError {
  return new HttpError(
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
      let languages: SiteLanguages | undefined;
      const row = await writeTransaction(
        db,
        (trx) =>
          putAsset(trx, LAYOUTS, {
            siteId,
            key: request.params.slug,
            ifMatch: request.headers['if-match'],
            actor: request.auth,
            find: async (tx) => {
              languages = await siteLanguages(tx, siteId, { forWrite: true });
              return findLayout(tx, siteId, request.params.slug, { forWrite: true });
            },
            merge: (before, creating) => {
              if (!languages) throw new Error('the site languages were not read');
              return mergeLayout(before, request.body, languages, creating);
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
        (trx) =>
          deleteAsset(trx, LAYOUTS, {
            siteId,
            key: request.params.slug,
            ifMatch: request.headers['if-match'],
            actor: request.auth,
            refuse: async (tx, row) => {
              const users = await layoutUsers(tx, siteId, row.slug);
              if (users.length > 0) throw layoutInUse(users);
            },
          }),
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
      const languages = await siteLanguages(db, siteId);
      const next = mergeLayout(layoutContentOf(stored), draft, languages, false);
      return layoutImpact(db, options.renderer, siteId, stored, next, samples);
    },
  );
};
