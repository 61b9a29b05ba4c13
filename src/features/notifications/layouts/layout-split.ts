// "Make a layout from this template" (issue 38): which blocks of a template's html can become the
// layout's `{{ content }}`, and what choosing one makes of the template and its translations. A
// translation is split at the same block (the same path of child indexes in its own tree): its
// header and footer become the layout's translation when they differ from the default's.
import { LIQUID_RENDER_OPTIONS } from '../../../../contract/liquid-render';
import {
  renderDocument,
  splitIntoLayout,
  type DocumentSources,
} from '../../../../contract/render-document';
import { parseTemplate } from '../visual/model/parse-template';
import { findNode, type TemplateNode } from '../visual/model/template-tree';

export interface ContentBlock {
  /** The element's path of child indexes (template-tree ids), the same in every translation. */
  id: string;
  tag: string;
  from: number;
  to: number;
  depth: number;
  /** What the admin reads in the list: the tag, its class, and the start of its text. */
  label: string;
}

/** Elements that are the document's frame, never a block of its content. */
const FRAME_TAGS = new Set(['html', 'head', 'body', 'style', 'title', 'script', 'meta', 'link']);
const MAX_DEPTH = 8;
const LABEL_TEXT = 48;

function textOf(source: string): string {
  const text = source
    .replace(/<[^>]*>/g, ' ')
    .replace(/\{%[\s\S]*?%\}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > LABEL_TEXT ? `${text.slice(0, LABEL_TEXT - 1)}…` : text;
}

/** The elements of `html` that can hold the content, in document order with their depth. */
export function contentBlocks(html: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  const visit = (nodes: readonly TemplateNode[], depth: number) => {
    for (const node of nodes) {
      if (node.kind !== 'element') continue;
      const frame = FRAME_TAGS.has(node.tag);
      if (!frame && node.close !== null && depth <= MAX_DEPTH) {
        const className = node.attributes.find((attribute) => attribute.name === 'class');
        const classText = className?.value
          ? `.${html.slice(className.value.from, className.value.to).trim().split(/\s+/)[0]}`
          : '';
        const text = textOf(html.slice(node.open.to, node.close.from));
        blocks.push({
          id: node.id,
          tag: node.tag,
          from: node.from,
          to: node.to,
          depth,
          label: `<${node.tag}${classText}>${text ? ` ${text}` : ''}`,
        });
      }
      visit(node.children, frame ? depth : depth + 1);
    }
  };
  visit(parseTemplate(html).children, 0);
  return blocks;
}

export interface TemplateSplit {
  /** The new layout's html (the default language). */
  layoutHtml: string;
  /** The layout's translations: only those whose header or footer differ from the default's. */
  layoutTranslations: Record<string, { html: string }>;
  /** The template's reduced html. */
  html: string;
  /** The template's translations with their reduced html. */
  translations: Record<string, { html: string }>;
  /** Translations whose html has no such block: they cannot be split the same way. */
  unsplittable: string[];
}

function splitAt(html: string, block: Pick<ContentBlock, 'id' | 'tag'>) {
  const node = findNode(parseTemplate(html), block.id);
  if (!node || node.kind !== 'element' || node.tag !== block.tag) return null;
  return splitIntoLayout(html, node.from, node.to);
}

/** What choosing `block` of the default html makes of the template and its translations. */
export function splitTemplate(
  html: string,
  translationHtml: Record<string, string>,
  block: ContentBlock,
): TemplateSplit {
  const own = splitIntoLayout(html, block.from, block.to);
  const result: TemplateSplit = {
    layoutHtml: own.layout,
    layoutTranslations: {},
    html: own.template,
    translations: {},
    unsplittable: [],
  };
  for (const [locale, source] of Object.entries(translationHtml)) {
    const split = splitAt(source, block);
    if (!split) {
      result.unsplittable.push(locale);
      continue;
    }
    result.translations[locale] = { html: split.template };
    if (split.layout !== own.layout) result.layoutTranslations[locale] = { html: split.layout };
  }
  return result;
}

/** A slug for a layout named `name`: lower-case letters, digits and `-`. */
export function slugFor(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/**
 * The languages (null: the default) whose html, rendered with `data` inside the new layout, is not
 * byte-identical to the template rendered alone before: a `{% assign %}` in the header the content
 * uses, say. Snippet bodies are per language, as the service resolves them.
 */
export function changedOutputs(
  before: { html: string; translations: Record<string, string> },
  split: TemplateSplit,
  data: unknown,
  snippetsIn: (locale: string | null) => Record<string, string>,
): Array<string | null> {
  const render = (sources: DocumentSources, locale: string | null) => {
    const result = renderDocument({ ...sources, snippets: snippetsIn(locale) }, data, {
      liquid: LIQUID_RENDER_OPTIONS,
      fields: ['html'],
    }).html;
    return result?.ok ? result.output : `\u0000${result?.problem.message ?? ''}`;
  };
  const same = (original: string, html: string, layoutHtml: string, locale: string | null) =>
    render({ template: { html: original }, layout: null }, locale) ===
    render({ template: { html }, layout: { html: layoutHtml, text: '{{ content }}' } }, locale);
  const changed: Array<string | null> = [];
  if (!same(before.html, split.html, split.layoutHtml, null)) changed.push(null);
  for (const [locale, { html }] of Object.entries(split.translations)) {
    const layoutHtml = split.layoutTranslations[locale]?.html ?? split.layoutHtml;
    if (!same(before.translations[locale] ?? '', html, layoutHtml, locale)) changed.push(locale);
  }
  return changed;
}
