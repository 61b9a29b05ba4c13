/**
 * What the one renderer (contract/render-document.js) needs to render a stored notification in one
 * of its languages: the template's fields, its layout's and the site's snippet bodies, each in that
 * language when it has one. Used by the test send and the impact preview.
 */
import type { DocumentSources } from '../../../contract/render-document';
import type { NotificationRecord } from '../store/notifications';
import type { LayoutContent } from '../store/layouts';
import { snippetBodies, type SnippetBodies } from '../store/snippets';

/** A layout's html and text in `locale` (undefined: the default's). */
export function layoutIn(
  layout: Pick<LayoutContent, 'html' | 'text' | 'translations'>,
  locale: string | undefined,
): { html: string; text: string } {
  const own = locale === undefined ? undefined : layout.translations[locale];
  return own ?? { html: layout.html, text: layout.text };
}

export function documentSources(
  template: { subject: string; text: string; html: string },
  layout: Pick<LayoutContent, 'html' | 'text' | 'translations'> | null,
  snippets: readonly SnippetBodies[],
  locale: string | undefined,
): DocumentSources {
  return {
    template,
    layout: layout ? layoutIn(layout, locale) : null,
    snippets: snippetBodies(snippets, locale),
  };
}

/** The template's own fields in `locale` (undefined: the default's). */
export function templateIn(
  notification: NotificationRecord,
  locale: string | undefined,
): { subject: string; text: string; html: string } {
  const own = locale === undefined ? undefined : notification.translations[locale];
  const fields = own ?? notification;
  return { subject: fields.subject, text: fields.text, html: fields.html };
}
