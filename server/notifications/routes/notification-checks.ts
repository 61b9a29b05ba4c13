/**
 * Checks before sending (issue 39; our extension, in the OpenAPI document, not in the spec):
 * `GET /notifications/{slug}/checks` for the saved notification, `POST` for a draft (its fields
 * over the saved ones, drafted translations, and the samples to render with). Every locale with
 * a template (the default, and each saved or drafted translation) is checked, or the one of
 * `?locale=`. Findings say where (locale, field, line, column); mail/checks/ holds the checks.
 *
 * Errors: 404 for a notification the site does not have; 422 on `locale` or `translations` for
 * a language the site does not have; 413 past the body limit; 503 when the renderer is busy.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIQUID_RENDER_OPTIONS } from '../../../contract/liquid-render';
import {
  checksRequestSchema,
  checksResultSchema,
} from '../../../contract/schemas/notification-checks';
import { canonicalLocale } from '../../../contract/schemas/site-settings';
import { fieldError, HttpError, notFound, validation } from '../../http/errors';
import { ChecksBusyError, runChecks, type LocaleTemplate } from '../checks/run-checks';
import type { SpamdOptions } from '../mail/spamd-client';
import { SpamScores } from '../checks/spam-scores';
import { findLayout, layoutContentOf } from '../store/layouts';
import { listSnippets } from '../store/snippets';
import { documentSources } from './document-sources';
import { TemplateRenderer } from '../mail/template-renderer';
import { isSet } from '../../database/encoding';
import { findNotification, type NotificationRecord } from '../store/notifications';
import type { Db } from '../../database/schema';
import { siteSettings } from '../../site';
import { changedFieldsOf } from '../../audit';
import type { EmailClientId } from '../../../contract/schemas/email-clients';
import { AUTH_ERRORS, errorResponses } from '../../http/common';
import { MAX_RENDERED_BYTES } from './test-send';

export interface NotificationChecksOptions {
  spamd: SpamdOptions | null;
  from: string;
  /** Where the checks render; one of their own when absent (its owner closes a given one). */
  renderer?: TemplateRenderer;
}

const slugParams = z.object({
  slug: z.string().min(1).max(200).describe('The notification slug or id'),
});
const checksQuery = z.object({
  locale: z.string().max(35).optional().describe('Only this language (default: every one)'),
});
type Draft = z.output<typeof checksRequestSchema>;

/** Saved revisions read for "text older than the HTML": enough to find the latest edit. */
const CHANGE_HISTORY = 100;

/**
 * The fields each change of a locale touched, newest first: the draft's against the saved
 * notification, then the saved revisions' (`translations.<locale>.html` is this locale's `html`).
 */
function localeChanges(
  history: readonly string[][],
  locale: string,
  isDefault: boolean,
  saved: { text: string; html: string } | undefined,
  drafted: { text?: string; html?: string } | undefined,
): string[][] {
  const draft = (['text', 'html'] as const).filter(
    (field) => drafted?.[field] !== undefined && drafted[field] !== (saved?.[field] ?? ''),
  );
  const prefix = isDefault ? '' : `translations.${locale}.`;
  const saves = history.map((fields) =>
    fields.flatMap((field) => (field.startsWith(prefix) ? [field.slice(prefix.length)] : [])),
  );
  return [draft, ...saves];
}

function unknownLocale(field: string, sent: string, locales: readonly string[]): HttpError {
  return validation([
    fieldError({
      resource: 'notification',
      field,
      code: 'unknown_locale',
      message: `${sent} is not one of the site's languages (${locales.join(', ')})`,
      value: sent,
    }),
  ]);
}

/** The templates to check, the default locale first; a 422 for a language the site lacks. */
async function templatesOf(
  db: Db,
  siteId: string,
  notification: NotificationRecord,
  draft: Draft,
  only: string | undefined,
): Promise<{ templates: LocaleTemplate[]; clients: EmailClientId[] }> {
  // The site's languages and the e-mail clients its checks judge by (issue 39).
  const languages = await siteSettings(db, siteId);
  const history = await changedFieldsOf(
    db,
    siteId,
    'notification',
    notification.slug,
    CHANGE_HISTORY,
  );
  const known = (sent: string) => {
    const locale = canonicalLocale(sent) ?? sent;
    return languages.locales.includes(locale) ? locale : undefined;
  };
  const drafted = new Map<string, NonNullable<Draft['translations']>[string]>();
  for (const [sent, fields] of Object.entries(draft.translations ?? {})) {
    const locale = known(sent);
    if (!locale) throw unknownLocale(`translations.${sent}`, sent, languages.locales);
    drafted.set(locale, fields);
  }
  const wanted = only === undefined ? undefined : known(only);
  if (only !== undefined && !wanted) throw unknownLocale('locale', only, languages.locales);
  const htmlEnabled = draft.html_enabled ?? isSet(notification.html_enabled);
  const templates: LocaleTemplate[] = [
    {
      locale: languages.default_locale,
      subject: draft.subject ?? notification.subject,
      text: draft.text ?? notification.text,
      html: draft.html ?? notification.html,
      html_enabled: htmlEnabled,
      changes: localeChanges(history, languages.default_locale, true, notification, draft),
    },
  ];
  for (const locale of languages.locales) {
    if (locale === languages.default_locale) continue;
    const saved = notification.translations[locale];
    const edit = drafted.get(locale);
    if (!saved && !edit) continue;
    templates.push({
      locale,
      subject: edit?.subject ?? saved?.subject ?? '',
      text: edit?.text ?? saved?.text ?? '',
      html: edit?.html ?? saved?.html ?? '',
      html_enabled: htmlEnabled,
      changes: localeChanges(history, locale, false, saved, edit),
    });
  }
  return {
    templates: wanted === undefined ? templates : templates.filter((t) => t.locale === wanted),
    clients: languages.email_clients,
  };
}

export const notificationChecksRoutes: FastifyPluginAsyncZod<NotificationChecksOptions> = async (
  app,
  options,
) => {
  // A renderer of the checks' own, beside the test sends' one: a burst of checks never makes a
  // test send wait, and the other way round.
  const renderer =
    options.renderer ??
    new TemplateRenderer({
      liquid: LIQUID_RENDER_OPTIONS,
      maxOutputBytes: MAX_RENDERED_BYTES,
      maxQueued: 64,
    });
  if (!options.renderer) app.addHook('onClose', () => renderer.close());
  // The locales nobody touched since the last run are the same messages: spamd scores each once.
  const spamScores = options.spamd ? new SpamScores({ spamd: options.spamd }) : null;

  const check = async (siteId: string, slug: string, draft: Draft, locale?: string) => {
    const notification = await findNotification(app.db, siteId, slug);
    if (!notification) throw notFound('notification');
    const { templates: locales, clients } = await templatesOf(
      app.db,
      siteId,
      notification,
      draft,
      locale,
    );
    const layout =
      notification.layout === null
        ? undefined
        : await findLayout(app.db, siteId, notification.layout);
    const snippets = await listSnippets(app.db, siteId);
    const defaultLocale = locales[0]?.locale;
    const assetsFor = (forLocale: string) => {
      const { layout: inLocale, snippets: bodies } = documentSources(
        { subject: '', text: '', html: '' },
        layout ? layoutContentOf(layout) : null,
        snippets,
        forLocale === defaultLocale ? undefined : forLocale,
      );
      return { layout: inLocale, snippets: bodies };
    };
    try {
      return await runChecks({
        locales,
        samples: draft.samples,
        renderer,
        assetsFor,
        spam: draft.spam,
        spamd: spamScores,
        from: options.from,
        clients,
      });
    } catch (error) {
      if (error instanceof ChecksBusyError) {
        throw new HttpError(503, 'Too many checks are rendering; try again in a second', [], {
          'Retry-After': '1',
        });
      }
      throw error;
    }
  };

  const description =
    'Our extension (issue 39): links, images, Liquid (variables no sample defines, errors), ' +
    "size against Gmail's 102 kB clipping, the text part (missing, or older than the HTML: " +
    'the latest change left the text as it was), the subject and preheader, text ' +
    'colour without a background (dark mode), client support (caniemail.com data, for the ' +
    'clients of the site setting `email_clients`; `clients` names them) and the SpamAssassin ' +
    'score (info "not available" when no spamd answers), for every locale.';

  app.get(
    '/notifications/:slug/checks',
    {
      config: { resource: 'notification' },
      schema: {
        summary: 'Checks of the saved notification, in every locale',
        description: `${description} Without samples: variables are not compared to any.`,
        tags: ['notifications'],
        params: slugParams,
        querystring: checksQuery,
        response: { 200: checksResultSchema, ...errorResponses([...AUTH_ERRORS, 404, 422]) },
      },
    },
    async (request) =>
      check(
        request.auth.siteId,
        request.params.slug,
        checksRequestSchema.parse({}),
        request.query.locale,
      ),
  );

  app.post(
    '/notifications/:slug/checks',
    {
      config: { resource: 'notification' },
      schema: {
        summary: 'Checks of a drafted notification, in every locale',
        description: `${description} Absent fields are the saved ones. Nothing is stored.`,
        tags: ['notifications'],
        params: slugParams,
        querystring: checksQuery,
        body: checksRequestSchema,
        response: {
          200: checksResultSchema,
          ...errorResponses([...AUTH_ERRORS, 404, 413, 415, 422]),
        },
      },
    },
    async (request) =>
      check(request.auth.siteId, request.params.slug, request.body, request.query.locale),
  );
};
