/**
 * Test sends (our extension; in the OpenAPI document, not in the spec):
 * - `GET /test-send`: whether `SMTP_URL` is set, and the signed-in user's address;
 * - `POST /notifications/:slug/test-send`: renders the template as sent (the admin's unsaved
 *   edits) with the sample in `data`, and mails subject, text and HTML parts to the signed-in
 *   user. Nothing is stored.
 *
 * Without `SMTP_URL` a send goes to the site's test inbox instead (issue 39, decision 063;
 * mail/test-inbox.ts), scored by SpamAssassin when a spamd answers.
 *
 * Errors: 429 past five attempts a minute per user (counted before any
 * work, failed renders too); 422 on a field whose Liquid does not parse or render, or that takes
 * the rendered mail past MAX_RENDERED_BYTES; 503 when too many renders wait; 502 when the SMTP
 * server does not take the mail. Rendering runs in a worker thread (mail/template-renderer.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIQUID_RENDER_OPTIONS } from '../../../contract/liquid-render';
import { readableLiquidMessage } from '../../../contract/liquid-message';
import type { LiquidField } from '../../../contract/schemas/notification';
import {
  testSendRequestSchema,
  testSendResultSchema,
  testSendSettingsSchema,
  type TestSendTemplate,
} from '../../../contract/schemas/test-send';
import { fieldError, HttpError, notFound, tooManyRequests, validation } from '../../http/errors';
import type { Mailer } from '../mail/mailer';
import { FixedWindowLimiter } from '../../http/fixed-window-limiter';
import type { Db } from '../../database/schema';
import { findNotification, type NotificationRecord } from '../store/notifications';
import { canonicalLocale } from '../../../contract/schemas/site-settings';
import { isSet } from '../../database/encoding';
import { findSiteRow, siteSettingsOf } from '../../site/index';
import { findUserEmail } from '../../access/index';
import { TemplateRenderer, type RenderProblem } from '../mail/template-renderer';
import type { DocumentProblem, DocumentSources } from '../../../contract/render-document';
import { findLayout, layoutContentOf } from '../store/layouts';
import { listSnippets } from '../store/snippets';
import { documentSources } from './document-sources';
import { deliverToInbox } from '../mail/test-inbox';
import type { SpamdOptions } from '../mail/spamd-client';
import { AUTH_ERRORS, DATABASE_BUSY_RESPONSE, errorResponses } from '../../http/common';
import { liquidSyntaxProblems } from './notification-problems';

export interface TestSendOptions {
  /** null: `SMTP_URL` is not set, and test sends go to the site's test inbox. */
  mailer: Mailer | null;
  /** Where SpamAssassin's spamd listens, for the inbox's verdicts; null: none. */
  spamd: SpamdOptions | null;
  /** The From of test sends. */
  from: string;
  limiter?: FixedWindowLimiter;
  /** Where templates render; one of its own (closed with the app) when absent. */
  renderer?: TemplateRenderer;
}

export const HOW_TO_CONFIGURE_SMTP =
  'Set SMTP_URL (for example smtp://user:password@mail.example.com:587) in the environment of the service and restart it.';

/** Rendered subject, text and HTML of one test send together, in UTF-8 bytes. */
export const MAX_RENDERED_BYTES = 1_000_000;

const slugParams = z.object({
  slug: z.string().min(1).max(200).describe('The notification slug or id'),
});

type Rendered = Record<LiquidField, string>;

function problemMessage(problem: RenderProblem): { code: string; message: string } {
  switch (problem.code) {
    case 'too_large':
      return {
        code: 'too_large',
        message: `Rendered with this sample, the mail is over ${MAX_RENDERED_BYTES / 1_000_000} MB (subject, text and HTML together); it went past it in this field`,
      };
    case 'timeout':
      return {
        code: 'liquid_render',
        message: 'Rendering with this sample took longer than its time budget',
      };
    case 'out_of_memory':
      return {
        code: 'liquid_render',
        message: 'Rendering with this sample needed too much memory',
      };
    case 'failed':
      return {
        code: 'liquid_render',
        message: `Rendering with this sample failed: ${readableLiquidMessage(problem.message)}`,
      };
  }
}

/**
 * Subject, text and (when on) HTML, in their layout with the site's snippets (the one renderer),
 * rendered off the event loop, within one set of budgets.
 */
async function renderAll(
  renderer: TemplateRenderer,
  body: TestSendTemplate,
  assets: Omit<DocumentSources, 'template'>,
): Promise<Rendered> {
  const fields: LiquidField[] = body.html_enabled
    ? ['subject', 'text', 'html']
    : ['subject', 'text'];
  const outcome = await renderer.render({
    sources: {
      template: { subject: body.subject, text: body.text, html: body.html },
      ...assets,
    },
    fields,
    data: body.data,
  });
  if (outcome.kind === 'busy') {
    throw new HttpError(503, 'Too many test sends are rendering; try again in a second', [], {
      'Retry-After': '1',
    });
  }
  if (outcome.kind === 'problems') {
    throw validation(
      outcome.problems.map((problem) =>
        fieldError({
          resource: 'notification',
          field: problem.field,
          ...problemMessage(problem),
          ...(problem.detail ? { value: placeOf(problem.detail) } : {}),
        }),
      ),
      'The template does not render',
    );
  }
  return {
    subject: outcome.rendered.subject ?? '',
    text: outcome.rendered.text ?? '',
    html: outcome.rendered.html ?? '',
  };
}

/** Where a rendering failed: in the template's field or its layout's, and the line. */
function placeOf(detail: DocumentProblem): Record<string, unknown> {
  return { part: detail.part, code: detail.code, line: detail.line, column: detail.column };
}

/**
 * The layout (the one sent, else the saved one) and the site's snippets, in `locale`; a 422 on
 * `layout` for one the site does not have.
 */
async function assetsOf(
  db: Db,
  siteId: string,
  layoutSlug: string | null,
  locale: string | undefined,
): Promise<Omit<DocumentSources, 'template'>> {
  const layout = layoutSlug === null ? undefined : await findLayout(db, siteId, layoutSlug);
  if (layoutSlug !== null && !layout) {
    throw validation([
      fieldError({
        resource: 'notification',
        field: 'layout',
        code: 'unknown_layout',
        message: `There is no layout ${layoutSlug}`,
        value: layoutSlug,
      }),
    ]);
  }
  const { layout: inLocale, snippets } = documentSources(
    { subject: '', text: '', html: '' },
    layout ? layoutContentOf(layout) : null,
    await listSnippets(db, siteId),
    locale,
  );
  return { layout: inLocale, snippets };
}

/**
 * The language a test send is in: undefined for the default (no `locale`, or the default's);
 * a 422 on `locale` for one the site does not have or a translation that was never saved.
 */
async function testSendLocale(
  db: Db,
  siteId: string,
  notification: NotificationRecord,
  sent: string | undefined,
): Promise<string | undefined> {
  if (sent === undefined) return undefined;
  const site = await findSiteRow(db, siteId);
  const languages = site ? siteSettingsOf(site) : { default_locale: 'en', locales: ['en'] };
  const locale = canonicalLocale(sent) ?? sent;
  const refuse = (code: string, message: string) =>
    validation([
      fieldError({ resource: 'notification', field: 'locale', code, message, value: sent }),
    ]);
  if (!languages.locales.includes(locale)) {
    throw refuse(
      'unknown_locale',
      `${sent} is not one of the site's languages (${languages.locales.join(', ')})`,
    );
  }
  if (locale === languages.default_locale) return undefined;
  if (!notification.translations[locale]) {
    throw refuse(
      'not_found',
      `There is no ${locale} translation of this template yet: save one first`,
    );
  }
  return locale;
}

export const testSendRoutes: FastifyPluginAsyncZod<TestSendOptions> = async (app, options) => {
  const { mailer, from } = options;
  // A test send costs the SMTP server and a mailbox: five a minute per user keep a stuck key or a
  // script from turning the service into a mail cannon. Per instance: with several instances a
  // user may send five through each, still bounded.
  const limiter = options.limiter ?? new FixedWindowLimiter(5, 60_000);
  const renderer =
    options.renderer ??
    new TemplateRenderer({ liquid: LIQUID_RENDER_OPTIONS, maxOutputBytes: MAX_RENDERED_BYTES });
  if (!options.renderer) app.addHook('onClose', () => renderer.close());

  app.get(
    '/test-send',
    {
      config: { resource: 'test_send', auth: 'user' },
      schema: {
        summary: 'Whether test sends are configured, and where they go',
        description: 'Our extension, not in the spec.',
        tags: ['notifications'],
        security: [{ bearer: [] }],
        response: { 200: testSendSettingsSchema, ...errorResponses([401, 429, 500]) },
      },
    },
    async (request) => ({
      configured: true,
      destination: mailer === null ? ('inbox' as const) : ('smtp' as const),
      to: (await findUserEmail(app.db, request.auth.userId)) ?? '',
      how_to_configure: HOW_TO_CONFIGURE_SMTP,
    }),
  );

  app.post(
    '/notifications/:slug/test-send',
    {
      config: { resource: 'notification', write: 'notification' },
      schema: {
        summary: 'Send the template, rendered with a sample, to the signed-in user',
        description:
          'Our extension, not in the spec. Renders subject, text and (when html_enabled) html ' +
          'with `data` and mails them through SMTP_URL, or without one keeps them in the ' +
          "site's test inbox (`GET /test-inbox`). At most five a minute per user.",
        tags: ['notifications'],
        params: slugParams,
        body: testSendRequestSchema,
        response: {
          200: testSendResultSchema,
          ...errorResponses([...AUTH_ERRORS, 404, 413, 415, 422, 502, 503]),
          // Without SMTP_URL the send is written to the test inbox.
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request) => {
      const { siteId, userId } = request.auth;
      const body = request.body;
      // Every attempt counts, before any work: a render that fails still cost its budget.
      const wait = limiter.take(String(userId));
      if (wait > 0) {
        throw tooManyRequests(wait, `Too many test sends; try again in ${wait} s`);
      }
      const notification = await findNotification(app.db, siteId, request.params.slug);
      if (!notification) throw notFound('notification');
      const locale = await testSendLocale(app.db, siteId, notification, body.locale);
      const saved = locale === undefined ? notification : notification.translations[locale];
      const template: TestSendTemplate = {
        subject: body.subject ?? saved?.subject ?? '',
        text: body.text ?? saved?.text ?? '',
        html: body.html ?? saved?.html ?? '',
        html_enabled: body.html_enabled ?? isSet(notification.html_enabled),
        data: body.data,
      };
      const syntax = liquidSyntaxProblems({
        subject: template.subject,
        text: template.text,
        ...(template.html_enabled ? { html: template.html } : {}),
      });
      if (syntax.length > 0) throw validation(syntax);
      const assets = await assetsOf(
        app.db,
        siteId,
        body.layout === undefined ? notification.layout : body.layout,
        locale,
      );
      const rendered = await renderAll(renderer, template, assets);
      const to = await findUserEmail(app.db, userId);
      if (!to) throw notFound('user', 'The signed-in user has no e-mail address');
      // A subject is one line in a mail header, whatever the template printed.
      const subject = `[Test${locale === undefined ? '' : ` ${locale}`}] ${rendered.subject.replace(/\s+/g, ' ').trim() || '(no subject)'}`;
      const mail = {
        from,
        to,
        subject,
        text: rendered.text,
        ...(template.html_enabled ? { html: rendered.html } : {}),
      };
      if (!mailer) {
        const delivered = await deliverToInbox(app.db, options.spamd, {
          siteId,
          notificationSlug: notification.slug,
          locale: locale ?? null,
          mail,
        });
        return { to, subject, message_id: delivered.messageId, inbox_id: delivered.kept.id };
      }
      try {
        const { messageId } = await mailer.send(mail);
        return { to, subject, message_id: messageId };
      } catch (error) {
        request.log.warn({ err: error }, 'test send failed');
        const reason = error instanceof Error ? error.message : String(error);
        throw new HttpError(502, `The mail server did not take the test send: ${reason}`);
      }
    },
  );
};
