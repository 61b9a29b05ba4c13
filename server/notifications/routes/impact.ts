/**
 * The impact preview of a layout or snippet draft (issue 38, decision 062): every notification
 * that uses it, in each of its languages, rendered with what is stored and with the draft, by the
 * one renderer in the render worker (one job: one time and memory budget for all of them).
 * Nothing is written; the dashboard shows the pairs with History's changed-word marks.
 */
import { snippetReferences, type DocumentField } from '../../../contract/render-document';
import type { Impact, ImpactEntry } from '../../../contract/schemas/layout';
import { HttpError } from '../../http/errors';
import type { RenderJobDocument, RenderOutcome, TemplateRenderer } from '../mail/template-renderer';
import { isSet } from '../../database/encoding';
import { listLayouts, type LayoutContent, type LayoutRecord } from '../store/layouts';
import { listNotifications, type NotificationRecord } from '../store/notifications';
import type { Db } from '../../database/schema';
import { findSiteRow, siteSettingsOf } from '../../site/index';
import { listSnippets, snippetBodies, type SnippetBodies } from '../store/snippets';
import { documentSources, layoutIn, templateIn } from './document-sources';

/** Rendered bytes of one impact job (every e-mail twice); a test send has 1 MB for one. */
export const MAX_IMPACT_BYTES = 32_000_000;

type SnippetSet = readonly SnippetBodies[];
type LayoutSet = Pick<LayoutContent, 'html' | 'text' | 'translations'>;

interface Side {
  layout: LayoutSet | null;
  snippets: SnippetSet;
}

interface Email {
  notification: NotificationRecord;
  /** undefined: the site's default language. */
  locale: string | undefined;
  localeName: string;
}

function fieldsOf(notification: NotificationRecord): DocumentField[] {
  return isSet(notification.html_enabled) ? ['html', 'text'] : ['text'];
}

function documentOf(email: Email, side: Side, data: unknown): RenderJobDocument {
  return {
    sources: documentSources(
      templateIn(email.notification, email.locale),
      side.layout,
      side.snippets,
      email.locale,
    ),
    fields: fieldsOf(email.notification),
    data,
  };
}

function sideOf(outcome: RenderOutcome | undefined): {
  html: string;
  text: string;
  problems: string[];
} {
  if (!outcome)
    return { html: '', text: '', problems: ['Not rendered: the output budget ran out'] };
  if (outcome.kind === 'rendered') {
    return { html: outcome.rendered.html ?? '', text: outcome.rendered.text ?? '', problems: [] };
  }
  return {
    html: '',
    text: '',
    problems: outcome.problems.map((p) => `${p.field}: ${p.message || p.code}`),
  };
}

/** Every language of each notification: the default, then its translations the site still has. */
async function emailsOf(
  db: Db,
  siteId: string,
  notifications: NotificationRecord[],
): Promise<Email[]> {
  const site = await findSiteRow(db, siteId);
  const languages = site ? siteSettingsOf(site) : { default_locale: 'en', locales: ['en'] };
  const emails: Email[] = [];
  for (const notification of notifications) {
    emails.push({ notification, locale: undefined, localeName: languages.default_locale });
    for (const locale of Object.keys(notification.translations)) {
      if (languages.locales.includes(locale) && locale !== languages.default_locale) {
        emails.push({ notification, locale, localeName: locale });
      }
    }
  }
  return emails;
}

async function renderPairs(
  renderer: TemplateRenderer,
  emails: Email[],
  before: (email: Email) => Side,
  after: (email: Email) => Side,
  samples: Record<string, Record<string, unknown>>,
): Promise<Impact> {
  const documents = emails.flatMap((email) => {
    const data = samples[email.notification.slug] ?? {};
    return [documentOf(email, before(email), data), documentOf(email, after(email), data)];
  });
  const outcome = await renderer.renderAll(documents, MAX_IMPACT_BYTES);
  if (outcome.kind === 'busy') {
    throw new HttpError(503, 'Too many renders are waiting; try again in a second', [], {
      'Retry-After': '1',
    });
  }
  if (outcome.kind === 'failed') {
    throw new HttpError(422, 'Rendering every e-mail took longer or more memory than its budget');
  }
  const entries: ImpactEntry[] = emails.map((email, i) => {
    const b = sideOf(outcome.outcomes[2 * i]);
    const a = sideOf(outcome.outcomes[2 * i + 1]);
    return {
      notification: email.notification.slug,
      name: email.notification.name,
      locale: email.localeName,
      before: { html: b.html, text: b.text },
      after: { html: a.html, text: a.text },
      changed: b.html !== a.html || b.text !== a.text || b.problems.join() !== a.problems.join(),
      problems: [...b.problems, ...a.problems],
    };
  });
  const changed = entries.filter((e) => e.changed);
  return {
    entries,
    changed: changed.length,
    languages: new Set(changed.map((e) => e.locale)).size,
    total: entries.length,
  };
}

export async function layoutImpact(
  db: Db,
  renderer: TemplateRenderer,
  siteId: string,
  stored: LayoutRecord,
  next: LayoutContent,
  samples: Record<string, Record<string, unknown>>,
): Promise<Impact> {
  const notifications = (await listNotifications(db, siteId)).filter(
    (n) => n.layout === stored.slug,
  );
  const snippets = await listSnippets(db, siteId);
  const emails = await emailsOf(db, siteId, notifications);
  return renderPairs(
    renderer,
    emails,
    () => ({ layout: stored, snippets }),
    () => ({ layout: next, snippets }),
    samples,
  );
}

/** Whether `source` renders `name`, directly or through other snippets. */
function rendersSnippet(source: string, name: string, bodies: Record<string, string>): boolean {
  const seen = new Set<string>();
  const queue = snippetReferences(source).map((r) => r.name);
  while (queue.length > 0) {
    const next = queue.shift() as string;
    if (next === name) return true;
    if (seen.has(next) || !Object.hasOwn(bodies, next)) continue;
    seen.add(next);
    queue.push(...snippetReferences(bodies[next] ?? '').map((r) => r.name));
  }
  return false;
}

export async function snippetImpact(
  db: Db,
  renderer: TemplateRenderer,
  siteId: string,
  stored: SnippetSet,
  next: SnippetSet,
  name: string,
  samples: Record<string, Record<string, unknown>>,
): Promise<Impact> {
  const layouts = new Map((await listLayouts(db, siteId)).map((l) => [l.slug, l]));
  const layoutOf = (n: NotificationRecord) => (n.layout ? (layouts.get(n.layout) ?? null) : null);
  const all = await emailsOf(db, siteId, await listNotifications(db, siteId));
  const emails = all.filter((email) => {
    const template = templateIn(email.notification, email.locale);
    const layout = layoutOf(email.notification);
    const sources = [
      template.subject,
      template.text,
      template.html,
      ...(layout ? Object.values(layoutIn(layout, email.locale)) : []),
    ];
    return [stored, next].some((set) => {
      const bodies = snippetBodies(set, email.locale);
      return sources.some((source) => rendersSnippet(source, name, bodies));
    });
  });
  return renderPairs(
    renderer,
    emails,
    (email) => ({ layout: layoutOf(email.notification), snippets: stored }),
    (email) => ({ layout: layoutOf(email.notification), snippets: next }),
    samples,
  );
}
