import { insecureImageNote, isInsecureUrl } from '../visual/model/url-filter';

/**
 * The rendered e-mail as the preview frame shows it. Two changes, neither visible in a mail
 * client's terms: every link opens in a new window, which the frame's empty `sandbox` (no
 * `allow-popups`) refuses, so a click on a link never navigates the preview; and an `http:`
 * image, which the CSP (and a secure page) would never load, becomes a placeholder saying why.
 * A meta refresh is dropped: it would navigate the frame on its own. Parsed by the browser's own
 * parser (DOMParser), so the frame draws the same document the mail's HTML is.
 */
export function previewDocument(html: string): string {
  if (typeof DOMParser === 'undefined') return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const link of doc.querySelectorAll('a, area')) link.setAttribute('target', '_blank');
  for (const refresh of doc.querySelectorAll('meta[http-equiv]')) {
    if (refresh.getAttribute('http-equiv')?.toLowerCase() === 'refresh') refresh.remove();
  }
  for (const image of doc.querySelectorAll('img[src]')) {
    const src = image.getAttribute('src') ?? '';
    if (isInsecureUrl(src)) image.replaceWith(insecureImage(doc, src));
  }
  const doctype = doc.doctype ? new XMLSerializer().serializeToString(doc.doctype) : '';
  return doctype + doc.documentElement.outerHTML;
}

/** What stands in for an `http:` image: the reason, in the image's place. */
export function insecureImage(doc: Document, src: string): HTMLElement {
  const why = insecureImageNote(src);
  const box = doc.createElement('span');
  box.setAttribute('role', 'img');
  box.setAttribute('aria-label', why);
  box.textContent = why;
  box.setAttribute(
    'style',
    'display:inline-block;max-width:100%;box-sizing:border-box;font:500 12px/1.4 system-ui,sans-serif;color:#78350f;background:#fffbeb;border:1px dashed #d97706;border-radius:4px;padding:8px 10px;overflow-wrap:anywhere',
  );
  return box;
}
