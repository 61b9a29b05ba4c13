/**
 * What an HTML comment of a template is for, as the canvas labels its marker. Outlook (Word)
 * reads `<!--[if mso]>…<![endif]-->`, markup every other client skips; `<!--[if !mso]><!-->`
 * opens a part Outlook skips (shown to the others), and `<!--<![endif]-->` closes it.
 */
export type CommentKind = 'outlook' | 'not-outlook' | 'condition-end' | 'plain';

export function commentKind(markup: string): CommentKind {
  const condition = /^<!--\[if\s+([^\]]*)\]>/i.exec(markup);
  if (condition) return /^!\s*mso/i.test(condition[1]?.trim() ?? '') ? 'not-outlook' : 'outlook';
  if (/^<!--\s*<!\[endif\]\s*-->$/i.test(markup)) return 'condition-end';
  return 'plain';
}

const SHOWN: Record<CommentKind, string> = {
  outlook: 'Outlook only',
  'not-outlook': 'Not in Outlook',
  'condition-end': 'End of Outlook condition',
  plain: '<!-- -->',
};

/** The marker's text, and its accessible name (which says it is a comment). */
export function commentLabel(kind: CommentKind): { shown: string; name: string } {
  const shown = SHOWN[kind];
  return { shown, name: kind === 'plain' ? 'HTML comment' : `HTML comment, ${shown}` };
}
