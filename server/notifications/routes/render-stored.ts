/**
 * A stored notification rendered as it is sent (issue 41: the alerts' `log-alert` e-mail): its
 * saved fields in its layout with the site's snippets, in the site's default language, through
 * the one renderer (off the event loop, within its budgets), with `data`.
 */
import type { Db } from '../../database/schema';
import { isSet } from '../../database/encoding';
import type { TemplateRenderer } from '../mail/template-renderer';
import { findNotification } from '../store/notifications';
import { findLayout, layoutContentOf } from '../store/layouts';
import { listSnippets } from '../store/snippets';
import { documentSources } from './document-sources';

export interface RenderedMail {
  subject: string;
  text: string;
  /** Absent when the template's HTML is off. */
  html?: string;
}

/** Throws an Error that says why when the template is missing or does not render. */
export async function renderStoredNotification(
  db: Db,
  renderer: TemplateRenderer,
  siteId: string,
  slug: string,
  data: unknown,
): Promise<RenderedMail> {
  const notification = await findNotification(db, siteId, slug);
  if (!notification) throw new Error(`the site has no notification template ${slug}`);
  const layout =
    notification.layout === null ? undefined : await findLayout(db, siteId, notification.layout);
  const sources = documentSources(
    { subject: notification.subject, text: notification.text, html: notification.html },
    layout ? layoutContentOf(layout) : null,
    await listSnippets(db, siteId),
    undefined,
  );
  const htmlOn = isSet(notification.html_enabled);
  const outcome = await renderer.render({
    sources,
    fields: htmlOn ? ['subject', 'text', 'html'] : ['subject', 'text'],
    data,
  });
  if (outcome.kind === 'busy') throw new Error('the renderer is busy');
  if (outcome.kind === 'problems') {
    const problem = outcome.problems[0];
    throw new Error(`${slug} does not render: ${problem?.field ?? ''} ${problem?.message ?? ''}`);
  }
  const { subject = '', text = '', html = '' } = outcome.rendered;
  return {
    subject: subject.replace(/\s+/g, ' ').trim() || '(no subject)',
    text,
    ...(htmlOn ? { html } : {}),
  };
}
