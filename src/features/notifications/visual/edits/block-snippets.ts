/**
 * What the insert palette adds: e-mail-safe HTML as MJML prints it (layout in tables with
 * `role="presentation"`, inline styles, a bulletproof button table), so Gmail and Outlook show it
 * as the canvas does. Every snippet opens in the canvas as ordinary editable nodes.
 */

export type PaletteKind =
  'heading' | 'text' | 'button' | 'image' | 'divider' | 'spacer' | 'columns' | 'loop' | 'condition';

export const PALETTE: readonly { kind: PaletteKind; label: string }[] = [
  { kind: 'heading', label: 'Heading' },
  { kind: 'text', label: 'Text' },
  { kind: 'button', label: 'Button' },
  { kind: 'image', label: 'Image' },
  { kind: 'divider', label: 'Divider' },
  { kind: 'spacer', label: 'Spacer' },
  { kind: 'columns', label: 'Two columns' },
  { kind: 'loop', label: 'Repeat for each…' },
  { kind: 'condition', label: 'Only if…' },
];

/** What "Repeat for each…" and "Only if…" need: the list and its item name, or the condition. */
export interface SnippetOptions {
  collection?: string;
  item?: string;
  /** A field of the list's items to show in the repeated text. */
  field?: string;
  condition?: string;
}

const TEXT_STYLE = 'margin: 0 0 12px; font-size: 16px; line-height: 24px; color: #374151;';

function paragraph(content: string): string {
  return `<p style="${TEXT_STYLE}">${content}</p>`;
}

/**
 * A button as one full-width table whose cell places the link: the cell's `align` (the block
 * panel's Alignment) moves the button left, centre or right in every client, as the cell spans
 * the width. The link is the coloured box itself (background and padding on the `<a>`); a
 * coloured cell would colour the whole width. Outlook for Windows draws the padding smaller.
 */
const BUTTON =
  '<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" style="margin: 12px 0;">' +
  '<tr><td align="left">' +
  '<a href="https://example.com" target="_blank" style="display: inline-block; padding: 12px 24px; ' +
  'font-size: 16px; font-weight: 600; color: #ffffff; background-color: #2563eb; ' +
  'text-decoration: none; border-radius: 6px;">Button</a></td></tr></table>';

const COLUMNS =
  '<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0"><tr>' +
  `<td width="50%" valign="top" style="padding: 0 8px 0 0;">${paragraph('Left column')}</td>` +
  `<td width="50%" valign="top" style="padding: 0 0 0 8px;">${paragraph('Right column')}</td>` +
  '</tr></table>';

/** The markup a palette entry inserts. */
export function snippetFor(kind: PaletteKind, options: SnippetOptions = {}): string {
  switch (kind) {
    case 'heading':
      return '<h2 style="margin: 0 0 12px; font-size: 22px; line-height: 28px; color: #111827;">Heading</h2>';
    case 'text':
      return paragraph('Text');
    case 'button':
      return BUTTON;
    case 'image':
      return '<img src="https://example.com/image.png" alt="Describe the image" width="600" style="display: block; width: 100%; max-width: 600px; height: auto; border: 0;">';
    case 'divider':
      return '<p style="border-top: 1px solid #e5e7eb; font-size: 1px; margin: 16px 0; width: 100%;"></p>';
    case 'spacer':
      return '<div style="height: 24px; line-height: 24px; font-size: 1px;">&nbsp;</div>';
    case 'columns':
      return COLUMNS;
    case 'loop': {
      const item = options.item ?? 'item';
      const shown = options.field ? `${item}.${options.field}` : item;
      const [open, close] = frameTags('loop', options);
      return `${open}${paragraph(`{{ ${shown} }}`)}${close}`;
    }
    case 'condition': {
      const [open, close] = frameTags('condition', options);
      return `${open}${paragraph('Shown only when the condition holds')}${close}`;
    }
  }
}

/** The tag pair of "Repeat for each…" or "Only if…", around a snippet or a wrapped block. */
export function frameTags(kind: 'loop' | 'condition', options: SnippetOptions): [string, string] {
  if (kind === 'loop') {
    return [
      `{% for ${options.item ?? 'item'} in ${options.collection ?? 'items'} %}`,
      '{% endfor %}',
    ];
  }
  return [`{% if ${options.condition ?? 'true'} %}`, '{% endif %}'];
}

/** A snippet made a table row, for a place among rows (a paragraph there would leave the table). */
export function asRow(snippet: string): string {
  const liquid = /^(\{%[^%]*%\})([\s\S]*)(\{%[^%]*%\})$/.exec(snippet);
  if (liquid) return `${liquid[1] ?? ''}<tr><td>${liquid[2] ?? ''}</td></tr>${liquid[3] ?? ''}`;
  return `<tr><td>${snippet}</td></tr>`;
}
