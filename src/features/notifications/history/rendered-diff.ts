/**
 * Two rendered e-mails compared in place (issue 29's History): the words that differ are wrapped
 * in `<mark data-diff="removed">` in the older HTML and `<mark data-diff="added">` in the newer,
 * and the block that holds a change (its nearest paragraph, heading, cell, list item, …) gets
 * `data-diff-block`, which the added style sheet outlines.
 *
 * Pure text work, no DOM (it runs in unit tests and in the browser alike): the HTML is split into
 * tags and the words of its text; the words of both versions are diffed as one sequence each
 * (an image counts as a word, its tag), which pairs the blocks by their content; then each HTML is
 * written again with the marks. Tags are copied as they were, so the layout is the mail's own.
 */
import { diffArrays } from 'diff';
import { VOID_ELEMENTS } from '../visual/model/template-tree';

const BLOCK_ELEMENTS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'center',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);
/** Elements whose text is not shown as text. */
const HIDDEN_TEXT = new Set(['head', 'script', 'style', 'template', 'title']);

/** The style the marks are drawn with; readable on the mail's white background. */
export const DIFF_STYLE =
  '<style data-diff-style>' +
  'mark[data-diff]{border-radius:2px;padding:0 1px;color:inherit}' +
  'mark[data-diff="added"]{background:#bbf7d0;box-shadow:0 0 0 1px #16a34a}' +
  'mark[data-diff="removed"]{background:#fecaca;box-shadow:0 0 0 1px #dc2626;text-decoration:line-through}' +
  '[data-diff-block]{outline:2px dashed #d97706;outline-offset:2px}' +
  '</style>';

type Token =
  | { kind: 'tag'; raw: string; name: string; closing: boolean; block: number | null }
  | { kind: 'space'; raw: string }
  | { kind: 'word'; raw: string; block: number | null; key: string };

const TOKEN = /<!--[\s\S]*?-->|<![^>]*>|<\/?[a-zA-Z][^>]*>|[^<\s]+|\s+|</g;

function tagName(raw: string): string {
  return /^<\/?\s*([a-zA-Z][a-zA-Z0-9-]*)/.exec(raw)?.[1]?.toLowerCase() ?? '';
}

/**
 * The tokens of an HTML document. Each word knows its block: the index of the token that opened
 * the innermost block element around it (null outside any).
 */
export function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  const open: { name: string; index: number }[] = [];
  const innermostBlock = () => {
    for (let i = open.length - 1; i >= 0; i--) {
      const element = open[i];
      if (element && BLOCK_ELEMENTS.has(element.name)) return element.index;
    }
    return null;
  };
  const hidden = () => open.some((element) => HIDDEN_TEXT.has(element.name));
  for (const [raw] of html.matchAll(TOKEN)) {
    if (raw.startsWith('<!') || raw === '<') {
      tokens.push({ kind: 'space', raw });
      continue;
    }
    if (raw.startsWith('<')) {
      const name = tagName(raw);
      const closing = raw.startsWith('</');
      if (closing) {
        const at = open.map((element) => element.name).lastIndexOf(name);
        if (at >= 0) open.length = at;
        tokens.push({ kind: 'tag', raw, name, closing, block: null });
        continue;
      }
      const index = tokens.length;
      if (name === 'img' && !hidden()) {
        // An image is content: a changed picture is a changed word.
        const src = /\ssrc\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i.exec(raw)?.[1] ?? '';
        tokens.push({ kind: 'word', raw, block: innermostBlock(), key: `<img ${src}>` });
        continue;
      }
      tokens.push({ kind: 'tag', raw, name, closing, block: null });
      if (!VOID_ELEMENTS.has(name) && !raw.endsWith('/>')) open.push({ name, index });
      continue;
    }
    if (/^\s+$/.test(raw) || hidden()) tokens.push({ kind: 'space', raw });
    else tokens.push({ kind: 'word', raw, block: innermostBlock(), key: raw });
  }
  return tokens;
}

export interface RenderedDiff {
  before: string;
  after: string;
  /** Words removed from the older version and added in the newer one. */
  removed: number;
  added: number;
  /** Blocks outlined on each side. */
  changedBlocks: { before: number; after: number };
}

function rewrite(
  tokens: readonly Token[],
  changed: ReadonlySet<number>,
  mark: 'added' | 'removed',
): { html: string; blocks: number } {
  const blocks = new Set<number>();
  for (const index of changed) {
    const token = tokens[index];
    if (token?.kind === 'word' && token.block !== null) blocks.add(token.block);
  }
  let html = '';
  tokens.forEach((token, index) => {
    if (blocks.has(index)) {
      html += token.raw.replace(/^<([a-zA-Z][a-zA-Z0-9-]*)/, '<$1 data-diff-block');
    } else if (changed.has(index)) {
      html += `<mark data-diff="${mark}">${token.raw}</mark>`;
    } else {
      html += token.raw;
    }
  });
  return { html, blocks: blocks.size };
}

/** Where the style sheet goes: before `</head>`, else at the very start. */
function withStyle(html: string): string {
  const head = html.search(/<\/head\s*>/i);
  return head >= 0 ? html.slice(0, head) + DIFF_STYLE + html.slice(head) : DIFF_STYLE + html;
}

/** The older and the newer rendered HTML, marked where they differ. */
export function renderedDiff(beforeHtml: string, afterHtml: string): RenderedDiff {
  const oldTokens = tokenize(beforeHtml);
  const newTokens = tokenize(afterHtml);
  const oldWords = oldTokens.flatMap((token, index) => (token.kind === 'word' ? [index] : []));
  const newWords = newTokens.flatMap((token, index) => (token.kind === 'word' ? [index] : []));
  const keyOf = (tokens: readonly Token[]) => (index: number) => {
    const token = tokens[index];
    return token?.kind === 'word' ? token.key : '';
  };
  const oldKeys = oldWords.map(keyOf(oldTokens));
  const newKeys = newWords.map(keyOf(newTokens));
  const removed = new Set<number>();
  const added = new Set<number>();
  let o = 0;
  let n = 0;
  for (const part of diffArrays(oldKeys, newKeys)) {
    const count = part.count;
    for (let i = 0; i < count; i++) {
      if (part.removed) removed.add(oldWords[o++] ?? -1);
      else if (part.added) added.add(newWords[n++] ?? -1);
      else {
        o++;
        n++;
      }
    }
  }
  const before = rewrite(oldTokens, removed, 'removed');
  const after = rewrite(newTokens, added, 'added');
  return {
    before: withStyle(before.html),
    after: withStyle(after.html),
    removed: removed.size,
    added: added.size,
    changedBlocks: { before: before.blocks, after: after.blocks },
  };
}
