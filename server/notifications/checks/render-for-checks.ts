/**
 * The one place the checks render a template (issue 39): the one renderer (template + layout +
 * snippets + locale + sample, contract/render-document.js) in the render worker, so the checks
 * inspect exactly what the test send mails.
 */
import type { DocumentSources } from '../../../contract/render-document';
import type { LiquidField } from '../../../contract/schemas/notification';
import type { RenderProblem, TemplateRenderer } from '../mail/template-renderer';
import { mayRenderEmptyLinks } from './html-checks';

export interface CheckedTemplate {
  subject: string;
  text: string;
  html: string;
  html_enabled: boolean;
}

export type ChecksRender =
  | {
      kind: 'rendered';
      subject: string;
      text: string;
      html: string;
      /**
       * The rendered HTML's links' hrefs, read in the worker; null when not read (no href of the
       * source holds Liquid: no link can print nothing, html-checks.ts's `mayRenderEmptyLinks`).
       */
      links: string[] | null;
    }
  | {
      kind: 'failed';
      problems: {
        field: LiquidField;
        message: string;
        line?: number;
        column?: number;
        /**
         * The render ran out of its time budget (liquidjs's `renderLimit`, or the worker did not
         * answer within it): on a loaded machine a sound template does, so this is no error of
         * the template (decision 092).
         */
        timedOut: boolean;
      }[];
    }
  | { kind: 'busy' };

/** liquidjs's own message when a render passes `renderLimit` (its Limiter's). */
const RENDER_LIMIT_MESSAGE = /\btemplate render limit exceeded\b/;

function ranOutOfTime(problem: RenderProblem): boolean {
  return (
    problem.code === 'timeout' ||
    (problem.code === 'failed' && RENDER_LIMIT_MESSAGE.test(problem.message))
  );
}

export async function renderForChecks(
  renderer: TemplateRenderer,
  template: CheckedTemplate,
  data: Record<string, unknown>,
  /** The layout and snippets in the template's locale (none: the template alone). */
  assets: Omit<DocumentSources, 'template'> = { layout: null, snippets: {} },
): Promise<ChecksRender> {
  const fields: LiquidField[] = template.html_enabled
    ? ['subject', 'text', 'html']
    : ['subject', 'text'];
  const outcome = await renderer.render({
    sources: {
      template: { subject: template.subject, text: template.text, html: template.html },
      ...assets,
    },
    fields,
    data,
    links: template.html_enabled && mayRenderEmptyLinks(template.html),
  });
  if (outcome.kind === 'busy') return outcome;
  if (outcome.kind === 'problems') {
    return {
      kind: 'failed',
      problems: outcome.problems.map((problem) => ({
        field: problem.field,
        timedOut: ranOutOfTime(problem),
        // Where in the template liquidjs stopped (a layout's own line would mislead here).
        ...(problem.detail?.part === 'template'
          ? { line: problem.detail.line, column: problem.detail.column }
          : {}),
        message:
          problem.code === 'failed'
            ? problem.message
            : problem.code === 'too_large'
              ? 'The rendered mail is over its size budget'
              : 'Rendering ran out of its time or memory budget',
      })),
    };
  }
  return {
    kind: 'rendered',
    subject: outcome.rendered.subject ?? '',
    text: outcome.rendered.text ?? '',
    html: outcome.rendered.html ?? '',
    links: outcome.links ?? null,
  };
}
