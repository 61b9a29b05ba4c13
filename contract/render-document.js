/**
 * The one rendering of an e-mail (issue 38, decision 062): template + layout + snippets + locale +
 * sample data. The dashboard's preview, the test send, History's rendered diff and the impact
 * preview of a layout or snippet all call `renderDocument`; nothing else puts a layout around a
 * template or resolves a snippet.
 *
 * Plain JavaScript (types in render-document.d.ts) so that the service's render worker
 * (server/notifications/mail/template-render-worker.js), which runs without a TypeScript loader, imports the
 * very same code as the TypeScript callers and the browser.
 *
 * - A snippet is used with Liquid's own `{% render 'name' %}`: liquidjs looks the name up in an
 *   in-memory map of the locale's snippet bodies (never the file system), renders it in its own
 *   scope with the arguments Liquid passes; the sample data are its globals (Shopify's rule: a
 *   snippet sees the shop and the customer, not the template's variables). An unknown name is an error on the field and the line
 *   of the tag; a circle of snippets is refused with its path before anything renders.
 * - The layout: the template's field is rendered first, then the layout's field is rendered with
 *   the same data and `content` set to that output. Only html and text are wrapped (a layout's
 *   text without `{{ content }}` leaves the template's text alone); the subject never is.
 * - Every field of one call shares one time budget and one memory budget (liquidjs's limiters),
 *   and an `emitter` may bound the bytes printed (the worker's output budget).
 * - A prologue (Liquid before `<!DOCTYPE html>`, as Shopify's notifications open with
 *   `{% capture %}` and `{% assign %}`) is part of the template, not of its markup
 *   (`documentPrologue`): its variables hold in the document, and the e-mail starts at the
 *   doctype (the blank lines the prologue leaves are not sent).
 */
import { Context, Liquid, Tokenizer, TypeGuards, defaultOptions, toValueSync } from 'liquidjs';

export const DOCUMENT_FIELDS = /** @type {const} */ (['subject', 'text', 'html']);

/** The fields a layout wraps. */
const WRAPPED_FIELDS = new Set(['text', 'html']);

/** `{{ content }}`, with or without whitespace control. */
const CONTENT_OUTPUT = /^\{\{-?\s*content\s*-?\}\}$/;

/** Tags that name a snippet. */
const SNIPPET_TAGS = new Set(['render', 'include']);

/** Tokens of a source, `{% liquid %}` lines included; [] when it does not tokenize. */
function tokensOf(source) {
  const out = [];
  try {
    const tokenizer = new Tokenizer(source);
    const visit = (token) => {
      out.push(token);
      if (TypeGuards.isTagToken(token) && token.name === 'liquid') {
        for (const line of token.tokenizer.readLiquidTagTokens()) visit(line);
      }
    };
    while (tokenizer.p < tokenizer.N) visit(tokenizer.readTopLevelToken(defaultOptions));
  } catch {
    return [];
  }
  return out;
}

/**
 * Tags that print nothing, and may stand in a prologue: their bodies (a capture's, a comment's)
 * print nothing either. `#` is the inline comment.
 */
const SILENT_TAGS = new Set(['assign', 'capture', 'comment', '#']);
const SILENT_ENDS = new Map([
  ['capture', 'endcapture'],
  ['comment', 'endcomment'],
]);

/** Where a document's markup starts: its doctype, or its `<html>` when it has none. */
const DOCUMENT_START = /^\s*<(?:!doctype\b|html\b)/i;

/**
 * The template's prologue (issue 38): the Liquid that comes before `<!DOCTYPE html>` (or
 * `<html>`), made only of tags that print nothing (`assign`, `capture`…`endcapture`,
 * `comment`…`endcomment`, `{% # … %}`, a `{% liquid %}` of those) and whitespace. Answers where
 * the document starts (`to`, and its line), or null when the source does not open with Liquid
 * before its doctype. The visual editor keeps these lines out of the markup it checks; the
 * renderer does not send the blank lines they leave.
 */
export function documentPrologue(source) {
  const tokens = tokensOf(source);
  let tags = 0;
  // Inside a capture or comment (nested ones counted): everything up to its end prints nothing.
  let opened = null;
  let depth = 0;
  for (const token of tokens) {
    if (opened) {
      if (TypeGuards.isTagToken(token) && token.name === opened) depth += 1;
      if (TypeGuards.isTagToken(token) && token.name === SILENT_ENDS.get(opened)) depth -= 1;
      if (depth === 0) opened = null;
      continue;
    }
    if (TypeGuards.isTagToken(token)) {
      if (!silentTag(token)) return null;
      tags += 1;
      if (SILENT_ENDS.has(token.name)) {
        opened = token.name;
        depth = 1;
      }
      continue;
    }
    if (TypeGuards.isHTMLToken(token)) {
      const text = token.getText();
      if (text.trim() === '') continue;
      const start = DOCUMENT_START.exec(text);
      if (!start || tags === 0) return null;
      const to = token.begin + start[0].length - start[0].trimStart().length;
      return { from: 0, to, line: positionOf(source, to).line };
    }
    return null;
  }
  return null;
}

/** A tag a prologue may hold: one that prints nothing, or a `{% liquid %}` of only those. */
function silentTag(token) {
  if (token.name !== 'liquid') return SILENT_TAGS.has(token.name);
  try {
    const open = [];
    for (const line of token.tokenizer.readLiquidTagTokens()) {
      const end = open.at(-1);
      if (end !== undefined) {
        if (line.name === end) open.pop();
        continue;
      }
      if (!SILENT_TAGS.has(line.name)) return false;
      const closer = SILENT_ENDS.get(line.name);
      if (closer) open.push(closer);
    }
    return open.length === 0;
  } catch {
    return false;
  }
}

function positionOf(source, offset) {
  const before = source.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/**
 * Each `{% render 'name' %}` (and `include`) with a quoted name, in order: the name and where the
 * tag is. A name held in a variable is not known before rendering and is not listed.
 */
export function snippetReferences(source) {
  const out = [];
  for (const token of tokensOf(source)) {
    if (!TypeGuards.isTagToken(token) || !SNIPPET_TAGS.has(token.name)) continue;
    const match = /^\s*(['"])([^'"]*)\1/.exec(token.args);
    if (!match) continue;
    out.push({
      name: match[2],
      from: token.begin,
      to: token.end,
      ...positionOf(source, token.begin),
    });
  }
  return out;
}

/**
 * Each `{{ content }}` of a layout's field, with its position (a layout's html must have exactly
 * one; its text at most one).
 */
export function contentPlaceholders(source) {
  const out = [];
  for (const token of tokensOf(source)) {
    if (!TypeGuards.isOutputToken(token)) continue;
    if (!CONTENT_OUTPUT.test(token.getText().trim())) continue;
    out.push({ from: token.begin, to: token.end, ...positionOf(source, token.begin) });
  }
  return out;
}

/**
 * The first circle of snippets reachable from `source` (names in order, the first repeated at the
 * end: `['a', 'b', 'a']`), or null. Unknown names end a path (they fail when rendered).
 */
export function snippetCycle(source, snippets) {
  const done = new Set();
  const path = [];
  const visit = (name) => {
    const at = path.indexOf(name);
    if (at >= 0) return [...path.slice(at), name];
    if (done.has(name) || !Object.hasOwn(snippets, name)) return null;
    path.push(name);
    for (const ref of snippetReferences(snippets[name])) {
      const cycle = visit(ref.name);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(name);
    return null;
  };
  for (const ref of snippetReferences(source)) {
    const cycle = visit(ref.name);
    if (cycle) return cycle;
  }
  return null;
}

/** A message without liquidjs's trailing position (the problem carries its own). */
function plainMessage(error) {
  const raw = error instanceof Error ? error.message : String(error);
  return raw.replace(/,\s*(file:[^,]*,\s*)?line:\d+, col:\d+\s*$/, '').trim();
}

/** The problem of a field whose rendering threw. */
function problemOf(field, part, source, error, kind) {
  const token = error && typeof error === 'object' ? error.token : undefined;
  const raw = error instanceof Error ? error.message : String(error);
  let from = Math.max(0, Math.min(token?.begin ?? 0, source.length));
  let to = Math.max(from, Math.min(token?.end ?? from, source.length));
  let message = plainMessage(error);
  let code = kind;
  const unknown = /ENOENT: Failed to lookup "([^"]*)"/.exec(raw);
  const inSnippet = /file:([^,]+), line:(\d+)/.exec(raw);
  if (unknown) {
    code = 'unknown_snippet';
    message = `There is no snippet named "${unknown[1]}"`;
  }
  if (inSnippet && !unknown) {
    message = `In snippet "${inSnippet[1]}" (line ${inSnippet[2]}): ${message}`;
  }
  if (inSnippet) {
    // The token is in the snippet's source: point at the field's own tag that renders it.
    const tag = snippetReferences(source).find((ref) => ref.name === inSnippet[1]);
    from = tag?.from ?? 0;
    to = tag?.to ?? from;
  }
  return { field, part, code, message, from, to, ...positionOf(source, from) };
}

/** A map of names to bodies with no prototype, so `{% render 'constructor' %}` finds nothing. */
function snippetMap(snippets) {
  const map = Object.create(null);
  for (const [name, body] of Object.entries(snippets)) map[name] = body;
  return map;
}

/**
 * Renders `fields` of the document. Never throws: each field is `{ ok, output }` or
 * `{ ok: false, problem }`. See render-document.d.ts for the shapes.
 */
export function renderDocument(sources, data, options) {
  const engine = new Liquid({
    ...options.liquid,
    templates: snippetMap(sources.snippets ?? {}),
  });
  const limits = options.budget ?? {};
  const results = {};
  const run = (field, part, source, scope) => {
    const cycle = snippetCycle(source, sources.snippets ?? {});
    if (cycle) {
      const tag = snippetReferences(source).find((ref) => ref.name === cycle[0]);
      const from = tag?.from ?? 0;
      return {
        ok: false,
        problem: {
          field,
          part,
          code: 'snippet_cycle',
          message: `Snippets render each other in a circle: ${cycle.join(' → ')}`,
          from,
          to: tag?.to ?? from,
          ...positionOf(source, from),
        },
      };
    }
    let templates;
    try {
      templates = engine.parse(source);
    } catch (error) {
      return { ok: false, problem: problemOf(field, part, source, error, 'syntax') };
    }
    try {
      // The sample is also the globals, as Shopify's objects are: a snippet sees `shop` and
      // `customer` but not what the template assigned or the arguments it was not given.
      const globals = data && typeof data === 'object' ? data : {};
      const ctx = new Context(
        data,
        engine.options,
        { sync: true, globals },
        { liquid: engine, ...limits },
      );
      // The first part's limiters count for the others too: one budget for the whole document
      // (or for every document that shares `options.budget`).
      limits.renderLimit = ctx.renderLimit;
      limits.memoryLimit = ctx.memoryLimit;
      if (scope) ctx.push(scope);
      const emitter = options.emitter ? options.emitter(field) : plainEmitter();
      toValueSync(engine.renderer.renderTemplates(templates, ctx, emitter));
      return { ok: true, output: emitter.buffer };
    } catch (error) {
      if (options.isFatal?.(error)) throw error;
      return { ok: false, problem: problemOf(field, part, source, error, 'render') };
    }
  };
  for (const field of options.fields) {
    options.onField?.(field);
    const own = run(field, 'template', sources.template[field] ?? '', null);
    const layoutSource = sources.layout?.[field];
    const wraps =
      own.ok &&
      WRAPPED_FIELDS.has(field) &&
      typeof layoutSource === 'string' &&
      contentPlaceholders(layoutSource).length > 0;
    const result = wraps ? run(field, 'layout', layoutSource, { content: own.output }) : own;
    const outer = wraps ? layoutSource : (sources.template[field] ?? '');
    // The e-mail starts at its doctype: what its prologue printed (whitespace) is not sent.
    results[field] =
      result.ok && field === 'html' && documentPrologue(outer)
        ? { ok: true, output: result.output.trimStart() }
        : result;
  }
  return results;
}

function plainEmitter() {
  return {
    buffer: '',
    write(html) {
      this.buffer += html === null || html === undefined ? '' : String(html);
    },
  };
}

/**
 * The layout and template that "Make a layout from this template" makes of `html` when the
 * characters `from`../src`to` become the content: the layout is the html with that range replaced by
 * `{{ content }}`, the template keeps only the range.
 */
export function splitIntoLayout(html, from, to) {
  return {
    layout: `${html.slice(0, from)}{{ content }}${html.slice(to)}`,
    template: html.slice(from, to),
  };
}
