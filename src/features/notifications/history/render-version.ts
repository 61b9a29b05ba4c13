/**
 * A saved version of a notification rendered as its mail would be, with the editor's sample data
 * and the preview's renderer (render-template.ts): the HTML version when it is on, else the text
 * version as preformatted text. A template that does not render shows why, in its place.
 */
import type { Notification } from '../../../../contract/wire/notification';
import { renderTemplate, toInboxLine } from '../editor/render-template';

export interface RenderedVersion {
  subject: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

function textAsHtml(text: string): string {
  return `<pre style="white-space:pre-wrap;font:14px/1.5 system-ui,sans-serif;margin:16px">${escapeHtml(text)}</pre>`;
}

export function renderVersion(
  version: Notification,
  data: Record<string, unknown>,
): RenderedVersion {
  // Each version parses under its own cache key, so two versions never share a parse.
  const key = `history:${version.updated_at ?? ''}`;
  const subject = renderTemplate(version.subject ?? '', data, `${key}:subject`);
  const body = version.html_enabled
    ? renderTemplate(version.html ?? '', data, `${key}:html`)
    : renderTemplate(version.text ?? '', data, `${key}:text`);
  const html = body.ok
    ? version.html_enabled
      ? body.output
      : textAsHtml(body.output)
    : textAsHtml(`This version does not render: ${body.error.message}`);
  return {
    subject: subject.ok ? toInboxLine(subject.output) : (version.subject ?? ''),
    html,
  };
}
