/**
 * Snippets (issue 38, decision 062): `GET /snippets`, `GET/PUT/DELETE /snippets/:name`, and
 * `POST /snippets/:name/impact`. A snippet is Liquid any template or layout renders with
 * `{% render 'name' %}` (its own scope, the arguments Liquid passes), in the locale's body when it
 * has one. PUT creates it (body required) or changes the fields sent; a body that would make
 * snippets render each other in a circle is 422 with the path. ETag/If-Match, revisions and the
 * audit feed as notifications.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assetSlugSchema,
  impactRequestSchema,
  impactSchema,
  snippetListSchema,
  snippetSchema,
  snippetUpdateSchema,
  type SnippetUpdate,
} from '../../../contract/schemas/layout';
import type { ErrorDetail } from '../../../contract/schemas/error';
import { fieldError, notFound, validation } from '../../http/errors';
import type { TemplateRenderer } from '../mail/template-renderer';
import type { SiteLanguages } from '../store/locale-change';
import {
  deleteSnippet,
  findSnippet,
  insertSnippet,
  listSnippets,
  snippetBodies,
  snippetContentOf,
  toSnippet,
  updateSnippet,
  type SnippetContent,
  type SnippetRecord,
} from '../store/snippets';
import { siteLanguages } from '../../site';
import { writeTransaction } from '../../database/transactions';
import {
  AUTH_ERRORS,
  DATABASE_BUSY_RESPONSE,
  WRITE_ERRORS,
  errorResponses,
  ifMatchHeaders,
} from '../../http/common';
import { snippetImpact } from './impact';
import { cycleProblem, liquidProblem, mergeAssetTranslations } from './layout-problems';
import { assetEtag, deleteAsset, putAsset, type VersionedAsset } from './versioned-asset';

const nameParams = z.object({ name: assetSlugSchema.describe('The snippet name') });

const SNIPPETS: VersionedAsset<SnippetRecord, SnippetContent> = {
  resource: 'snippet',
  keyOf: (row) => row.name,
  find: findSnippet,
  insert: insertSnippet,
  contentOf: snippetContentOf,
  update: updateSnippet,
  remove: deleteSnippet,
};

const snippetEtag = (siteId: string, row: SnippetRecord) => assetEtag(SNIPPETS, siteId, row);

/**
 * The draft merged into the stored snippet, or the 422 of what it breaks (Liquid that does not
 * parse, a circle of snippets in any language, a locale the site lacks). `others`: the site's
 * other snippets, to find circles through them.
 */
export function mergeSnippet(
  name: string,
  before: SnippetContent,
  sent: SnippetUpdate,
  languages: SiteLanguages,
  creating: boolean,
  others: readonly SnippetRecord[],
): SnippetContent {
  const next: SnippetContent = {
    body: sent.body ?? before.body,
    translations: before.translations,
  };
  const problems: ErrorDetail[] = [];
  if (creating && sent.body === undefined) {
    problems.push(
      fieldError({
        resource: 'snippet',
        field: 'body',
        code: 'required',
        message: 'Body is required',
        value: null,
      }),
    );
  }
  if (sent.body !== undefined) problems.push(...liquidProblem('snippet', 'body', sent.body));
  if (sent.translations !== undefined) {
    const merged = mergeAssetTranslations(
      'snippet',
      before.translations,
      sent.translations,
      { body: next.body },
      languages,
    );
    problems.push(...merged.problems);
    for (const [locale, fields] of Object.entries(merged.changed)) {
      if (fields.body !== undefined) {
        problems.push(...liquidProblem('snippet', `translations.${locale}.body`, fields.body));
      }
    }
    next.translations = merged.translations;
  }
  if (problems.length === 0) {
    const site = [...others.filter((s) => s.name !== name), { name, ...next }];
    const locales = [undefined, ...languages.locales.filter((l) => l !== languages.default_locale)];
    for (const locale of locales) {
      const field =
        locale === undefined || !next.translations[locale] ? 'body' : `translations.${locale}.body`;
      const cycle = cycleProblem(field, name, snippetBodies(site, locale));
      if (cycle.length > 0) {
        problems.push(...cycle);
        break;
      }
    }
  }
  if (problems.length > 0) throw validation(problems);
  return next;
}

export const snippetRoutes: FastifyPluginAsyncZod<{ renderer: TemplateRenderer }> = async (
  app,
  options,
) => {
  const db = app.db;

  app.get(
    '/snippets',
    {
      config: { resource: 'snippet' },
      schema: {
        summary: 'List the snippets of the site',
        description: 'Our extension, not in the spec (issue 38).',
        tags: ['notifications'],
        response: { 200: snippetListSchema, ...errorResponses(AUTH_ERRORS) },
      },
    },
    async (request) => (await listSnippets(db, request.auth.siteId)).map(toSnippet),
  );

  app.get(
    '/snippets/:name',
    {
      config: { resource: 'snippet' },
      schema: {
        summary: 'Get a snippet',
        tags: ['notifications'],
        params: nameParams,
        response: { 200: snippetSchema, ...errorResponses([...AUTH_ERRORS, 404]) },
      },
    },
    async (request, reply) => {
      const { siteId } = request.auth;
      const row = await findSnippet(db, siteId, request.params.name);
      if (!row) throw notFound('snippet');
      void reply.header('ETag', snippetEtag(siteId, row));
      return toSnippet(row);
    },
  );

  app.put(
    '/snippets/:name',
    {
      config: { resource: 'snippet', write: 'notification' },
      schema: {
        summary: 'Create or update a snippet',
        description:
          "Creates the snippet (body required) or changes the fields sent; translations partial as a notification's. " +
          'A body that makes snippets render each other in a circle is 422 with the path.',
        tags: ['notifications'],
        params: nameParams,
        headers: ifMatchHeaders,
        body: snippetUpdateSchema.strict(),
        response: {
          200: snippetSchema,
          ...errorResponses([...WRITE_ERRORS, 404]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const { siteId } = request.auth;
      const { name } = request.params;
      let languages: SiteLanguages | undefined;
      let others: SnippetRecord[] = [];
      const row = await writeTransaction(
        db,
        (trx) =>
          putAsset(trx, SNIPPETS, {
            siteId,
            key: name,
            ifMatch: request.headers['if-match'],
            actor: request.auth,
            find: async (tx) => {
              languages = await siteLanguages(tx, siteId, { forWrite: true });
              // Every snippet, locked: a circle is a property of the set, not of one snippet.
              others = await listSnippets(tx, siteId, { forWrite: true });
              return others.find((s) => s.name === name);
            },
            merge: (before, creating) => {
              if (!languages) throw new Error('the site languages were not read');
              return mergeSnippet(name, before, request.body, languages, creating, others);
            },
          }),
        request.writeAuthority,
      );
      void reply.header('ETag', snippetEtag(siteId, row));
      return toSnippet(row);
    },
  );

  app.delete(
    '/snippets/:name',
    {
      config: { resource: 'snippet', write: 'notification' },
      schema: {
        summary: 'Delete a snippet',
        description: 'Templates that still render it show an unknown-snippet error on that line.',
        tags: ['notifications'],
        params: nameParams,
        headers: ifMatchHeaders,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses([...AUTH_ERRORS, 404, 412]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const { siteId } = request.auth;
      await writeTransaction(
        db,
        (trx) =>
          deleteAsset(trx, SNIPPETS, {
            siteId,
            key: request.params.name,
            ifMatch: request.headers['if-match'],
            actor: request.auth,
          }),
        request.writeAuthority,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/snippets/:name/impact',
    {
      config: { resource: 'snippet' },
      schema: {
        summary: 'What saving a draft of the snippet would change, rendered',
        description:
          'Every notification that renders the snippet (itself, through its layout or another ' +
          'snippet), in each of its languages, rendered before and after. Nothing is written.',
        tags: ['notifications'],
        params: nameParams,
        body: snippetUpdateSchema.extend(impactRequestSchema.shape).strict(),
        response: { 200: impactSchema, ...errorResponses([...AUTH_ERRORS, 404, 422]) },
      },
    },
    async (request) => {
      const { siteId } = request.auth;
      const { name } = request.params;
      const { samples, ...draft } = request.body;
      const stored = await listSnippets(db, siteId);
      const current = stored.find((s) => s.name === name);
      if (!current) throw notFound('snippet');
      const languages = await siteLanguages(db, siteId);
      const next = mergeSnippet(name, snippetContentOf(current), draft, languages, false, stored);
      const after = stored.map((s) => (s.name === name ? { ...s, ...next } : s));
      return snippetImpact(db, options.renderer, siteId, stored, after, name, samples);
    },
  );
};
