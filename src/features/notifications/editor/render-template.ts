import { Liquid, type Template } from 'liquidjs';
import { checkLiquid, type LiquidSyntaxError } from '../../../../contract/liquid-check';
import type { LiquidField } from '../../../../contract/schemas/notification';
import { readableLiquidMessage } from '../../../../contract/liquid-message';
import { LIQUID_RENDER_OPTIONS } from '../../../../contract/liquid-render';

/** Why a field has no fresh output: it does not parse, or it parsed but failed while rendering. */
export interface TemplateError extends LiquidSyntaxError {
  kind: 'syntax' | 'render';
}

export type FieldRender = { ok: true; output: string } | { ok: false; error: TemplateError };

export type TemplateSources = Record<LiquidField, string>;
export type RenderedFields = Record<LiquidField, FieldRender>;

/** The preview engine: rendered as a test send renders it (see LIQUID_RENDER_OPTIONS). */
// No file system: liquidjs's browser build would fetch `{% render 'x' %}` from the dashboard's own
// server; snippets are the document preview's (issue 38), here an unknown name is an error.
const engine = new Liquid({
  ...LIQUID_RENDER_OPTIONS,
  templates: Object.create(null) as Record<string, string>,
});

/**
 * Parsing is most of the cost of a keystroke on a big template; the same source is parsed once.
 * One entry per field is enough: the editor changes one field at a time.
 */
const parsed = new Map<string, { source: string; templates: Template[] }>();

function parseCached(key: string, source: string): Template[] {
  const hit = parsed.get(key);
  if (hit && hit.source === source) return hit.templates;
  const templates = engine.parse(source);
  parsed.set(key, { source, templates });
  return templates;
}

function renderErrorOf(source: string, error: unknown): TemplateError {
  const token = (error as { token?: { begin?: number; end?: number } }).token;
  const from = Math.max(0, Math.min(token?.begin ?? 0, source.length));
  const to = Math.max(from, Math.min(token?.end ?? from, source.length));
  const before = source.slice(0, from);
  const line = before.split('\n').length;
  const column = from - before.lastIndexOf('\n');
  const raw = error instanceof Error ? error.message : String(error);
  return { kind: 'render', message: readableLiquidMessage(raw), line, column, from, to };
}

/** Renders one template with the sample data; never throws. `cacheKey` names the field. */
export function renderTemplate(
  source: string,
  data: Record<string, unknown>,
  cacheKey = 'default',
): FieldRender {
  let templates: Template[];
  try {
    templates = parseCached(cacheKey, source);
  } catch {
    // Same function as the service, so the editor and a 422 name the same line and column.
    const syntax = checkLiquid(source);
    if (syntax) return { ok: false, error: { kind: 'syntax', ...syntax } };
    return { ok: false, error: renderErrorOf(source, new Error('The template does not parse')) };
  }
  try {
    return { ok: true, output: engine.renderSync(templates, data) as string };
  } catch (error) {
    return { ok: false, error: renderErrorOf(source, error) };
  }
}

const fragments = new Map<string, Template[]>();
const MAX_FRAGMENTS = 500;

/**
 * Renders a small piece of Liquid (an output, an attribute value) with the data, for the visual
 * canvas; null when it does not parse or render. Parsed pieces are kept, as a canvas has many.
 */
export function renderFragment(source: string, data: Record<string, unknown>): string | null {
  try {
    let templates = fragments.get(source);
    if (!templates) {
      if (fragments.size >= MAX_FRAGMENTS) fragments.clear();
      templates = engine.parse(source);
      fragments.set(source, templates);
    }
    return engine.renderSync(templates, data) as string;
  } catch {
    return null;
  }
}

/** A subject is one inbox line: whatever whitespace the template produced collapses. */
export function toInboxLine(subject: string): string {
  return subject.replace(/\s+/g, ' ').trim();
}

/** Renders subject, text and html together, each field on its own so one error hides nothing else. */
export function renderNotification(
  sources: TemplateSources,
  data: Record<string, unknown>,
): RenderedFields {
  const subject = renderTemplate(sources.subject, data, 'subject');
  return {
    subject: subject.ok ? { ok: true, output: toInboxLine(subject.output) } : subject,
    text: renderTemplate(sources.text, data, 'text'),
    html: renderTemplate(sources.html, data, 'html'),
  };
}

/** Syntax errors of every Liquid field at once (what blocks a save). */
export function syntaxErrors(
  sources: TemplateSources,
): Partial<Record<LiquidField, LiquidSyntaxError>> {
  const errors: Partial<Record<LiquidField, LiquidSyntaxError>> = {};
  for (const field of Object.keys(sources) as LiquidField[]) {
    const error = checkLiquid(sources[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** What the preview shows: the last output that rendered, and the current error of each field. */
export interface PreviewState {
  outputs: Record<LiquidField, string>;
  errors: Partial<Record<LiquidField, TemplateError>>;
}

export const EMPTY_PREVIEW: PreviewState = {
  outputs: { subject: '', text: '', html: '' },
  errors: {},
};

/** A field that fails keeps its last good output, so the preview never goes blank mid-typing. */
export function nextPreview(previous: PreviewState, rendered: RenderedFields): PreviewState {
  const outputs = { ...previous.outputs };
  const errors: PreviewState['errors'] = {};
  for (const field of Object.keys(rendered) as LiquidField[]) {
    const result = rendered[field];
    if (result.ok) outputs[field] = result.output;
    else errors[field] = result.error;
  }
  return { outputs, errors };
}

/**
 * The value of one Liquid expression (`order.lines`, `(1..3)`) with the data, for the visual
 * canvas's loops; undefined when it does not parse.
 */
export function evaluateExpression(expression: string, data: Record<string, unknown>): unknown {
  try {
    // liquidjs types the value as `any`; it is whatever the data holds.
    return engine.evalValueSync(expression, data) as unknown;
  } catch {
    return undefined;
  }
}
