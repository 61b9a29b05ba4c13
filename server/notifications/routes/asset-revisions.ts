/**
 * The History of a layout or a snippet (issue 38), in the shape of a notification's
 * (`GET /notifications/:slug/revisions[/:id]`, decision 048):
 *
 * - `GET /layouts/:slug/revisions` and `GET /snippets/:name/revisions`: its revisions, newest
 *   first, paged with `before` (the last id seen) and `limit`;
 * - `GET /layouts/:slug/revisions/:id` and `GET /snippets/:name/revisions/:id`: the layout or
 *   snippet as it was after that revision (the snapshot its write kept). A restore is an ordinary
 *   PUT of those fields with the current ETag, as a notification's is.
 *
 * Readable by every member of the site. Revisions outlive a deleted layout, but these routes
 * answer 404 for one that is not there now (as a notification's do): the audit feed keeps them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { z } from 'zod';
import { auditQuerySchema, revisionListSchema } from '../../../contract/schemas/audit';
import { databaseIdSchema } from '../../../contract/schemas/common';
import { assetSlugSchema, layoutSchema, snippetSchema } from '../../../contract/schemas/layout';
import { notFound } from '../../http/errors';
import { AUTH_ERRORS, errorResponses } from '../../http/common';
import { findRevision, listRevisions } from '../../audit';
import type { Db } from '../../database/schema';
import { findLayout, layoutUsers, toLayout, type LayoutRecord } from '../store/layouts';
import { findSnippet, toSnippet, type SnippetRecord } from '../store/snippets';

/** One kind of versioned asset, as its History routes need it. */
interface AssetHistory<Stored extends { slug?: string; name?: string }> {
  resource: 'layout' | 'snippet';
  /** The collection's path (`/layouts`) and the name of its key parameter. */
  path: string;
  key: string;
  /** The stored asset now, or undefined. */
  find: (db: Db, siteId: string, key: string) => Promise<Stored | undefined>;
  /** Its key as revisions record it (`resource_id`). */
  keyOf: (stored: Stored) => string;
  /** A snapshot (the stored record its write kept) as the API answers it. */
  answer: (db: Db, siteId: string, snapshot: Stored) => Promise<unknown>;
  schema: ZodType;
  noun: string;
}

const pageQuery = auditQuerySchema.pick({ before: true, limit: true });

const LAYOUT_HISTORY: AssetHistory<LayoutRecord> = {
  resource: 'layout',
  path: '/layouts',
  key: 'slug',
  find: (db, siteId, slug) => findLayout(db, siteId, slug),
  keyOf: (layout) => layout.slug,
  // `used_by` is who uses the layout now: a revision records the layout, not its users.
  answer: async (db, siteId, snapshot) =>
    toLayout(snapshot, await layoutUsers(db, siteId, snapshot.slug)),
  schema: layoutSchema,
  noun: 'layout',
};

const SNIPPET_HISTORY: AssetHistory<SnippetRecord> = {
  resource: 'snippet',
  path: '/snippets',
  key: 'name',
  find: (db, siteId, name) => findSnippet(db, siteId, name),
  keyOf: (snippet) => snippet.name,
  answer: (_db, _siteId, snapshot) => Promise.resolve(toSnippet(snapshot)),
  schema: snippetSchema,
  noun: 'snippet',
};

function historyRoutes<Stored extends { slug?: string; name?: string }>(
  asset: AssetHistory<Stored>,
): FastifyPluginAsyncZod {
  const keyParams = z.object({
    [asset.key]: assetSlugSchema.describe(`The ${asset.noun}'s ${asset.key}`),
  });
  const revisionParams = keyParams.extend({ id: databaseIdSchema().describe('The revision id') });
  const keyOf = (params: Record<string, unknown>) => String(params[asset.key]);
  return async (app) => {
    const db = app.db;

    app.get(
      `${asset.path}/:${asset.key}/revisions`,
      {
        config: { resource: asset.resource },
        schema: {
          summary: `A ${asset.noun}'s revisions, newest first`,
          description: 'Our extension (issue 38), as a notification template’s revisions.',
          tags: ['notifications', 'audit'],
          params: keyParams,
          querystring: pageQuery,
          response: { 200: revisionListSchema, ...errorResponses([...AUTH_ERRORS, 404]) },
        },
      },
      async (request) => {
        const { siteId } = request.auth;
        const stored = await asset.find(db, siteId, keyOf(request.params));
        if (!stored) throw notFound(asset.resource);
        return listRevisions(db, siteId, {
          ...request.query,
          resource: asset.resource,
          resource_id: asset.keyOf(stored),
        });
      },
    );

    app.get(
      `${asset.path}/:${asset.key}/revisions/:id`,
      {
        config: { resource: 'revision' },
        schema: {
          summary: `A ${asset.noun} as it was after one of its revisions`,
          tags: ['notifications', 'audit'],
          params: revisionParams,
          response: { 200: asset.schema, ...errorResponses([...AUTH_ERRORS, 404]) },
        },
      },
      async (request) => {
        const { siteId } = request.auth;
        const stored = await asset.find(db, siteId, keyOf(request.params));
        if (!stored) throw notFound(asset.resource);
        const found = await findRevision(
          db,
          siteId,
          asset.resource,
          asset.keyOf(stored),
          // Already a number (the schema coerced it); the computed key beside it widens its type.
          Number(request.params.id),
        );
        // A delete's revision keeps no snapshot: there is nothing to show as it was.
        if (!found?.snapshot) throw notFound('revision');
        // Written by the PUT's writeVersioned: the stored record after the write, as JSON.
        return asset.answer(db, siteId, found.snapshot as Stored);
      },
    );
  };
}

export const layoutRevisionRoutes = historyRoutes(LAYOUT_HISTORY);
export const snippetRevisionRoutes = historyRoutes(SNIPPET_HISTORY);
