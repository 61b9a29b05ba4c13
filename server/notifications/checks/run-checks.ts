/**
 * Runs every check of issue 39 on a notification, for every locale given. Everything that parses
 * runs in the renderer's worker, off the service's event loop: reading the templates (elements,
 * caniemail features, Liquid variables: template-inspection.js, one job for all locales) and
 * rendering each sample (render-for-checks.ts, with its links read there too). What is left here
 * are the pure checks over those readings (bench/notification-checks.ts measures the loop).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { emailClientName, type EmailClientId } from '../../../contract/schemas/email-clients';
import {
  CHECK_NAMES,
  type CheckFinding,
  type ChecksResult,
} from '../../../contract/schemas/notification-checks';
import type { SpamScores } from './spam-scores';
import type { TemplateRenderer } from '../mail/template-renderer';
import {
  darkModeFindings,
  emptyRenderedLinkFindings,
  imageFindings,
  linkDifferenceFindings,
  linkFindings,
  mayRenderEmptyLinks,
  preheaderFindings,
} from './html-checks';
import { renderNotChecked, sourceNotChecked, spamNotChecked } from './not-checked';
import type { SourceElement, TemplateInspection } from './template-inspection.js';
import { clientSupportFindings } from './client-support';
import { liquidErrorFinding, unknownReferenceFindings } from './liquid-checks';
import type { DocumentSources } from '../../../contract/render-document';
import { renderForChecks, type CheckedTemplate } from './render-for-checks';
import {
  clippingFindings,
  subjectFindings,
  textOlderThanHtmlFindings,
  textPartFindings,
} from './rendered-checks';

export interface LocaleTemplate extends CheckedTemplate {
  locale: string;
  /**
   * The fields each change of this locale touched, newest first (the draft's, then the saved
   * revisions'): `html`, `text`, … For "text older than the HTML"; absent: not known.
   */
  changes?: string[][];
}

export interface ChecksInput {
  /** The default locale first. */
  locales: LocaleTemplate[];
  samples: { name: string; data: Record<string, unknown> }[];
  renderer: TemplateRenderer;
  /** The layout and snippets a locale renders with (absent: the template alone). */
  assetsFor?: (locale: string) => Omit<DocumentSources, 'template'>;
  /** Whether to ask SpamAssassin (one finding per locale). */
  spam: boolean;
  /** spamd's verdicts, each distinct message scored once; null or unreachable: "not available". */
  spamd: SpamScores | null;
  from: string;
  /** The e-mail clients the site chose (client support); empty: no such check. */
  clients: readonly EmailClientId[];
}

export class ChecksBusyError extends Error {}

async function spamFinding(
  locale: string,
  rendered: { subject: string; text: string; html: string },
  htmlEnabled: boolean,
  input: ChecksInput,
): Promise<CheckFinding | null> {
  if (!input.spam) return null;
  const verdict = input.spamd
    ? await input.spamd.verdict({
        from: input.from,
        subject: rendered.subject.replace(/\s+/g, ' ').trim(),
        text: rendered.text,
        ...(htmlEnabled ? { html: rendered.html } : {}),
      })
    : null;
  const base = { check: 'spam_score', locale, field: 'html', line: 1, column: 1 } as const;
  if (!verdict) {
    return {
      ...base,
      severity: 'info',
      message: 'Spam score not available: no SpamAssassin (spamd) answered',
    };
  }
  const top = verdict.rules
    .filter((rule) => rule.score > 0)
    .slice(0, 3)
    .map((rule) => `${rule.name} ${rule.score.toFixed(1)}`);
  return {
    ...base,
    severity: verdict.is_spam
      ? 'error'
      : verdict.score >= verdict.threshold / 2
        ? 'warning'
        : 'info',
    message: `SpamAssassin score ${verdict.score.toFixed(1)} of ${verdict.threshold.toFixed(1)}${top.length > 0 ? `: ${top.join(', ')}` : ''}`,
  };
}

/** Each locale's reading, or undefined when the worker could not read them (`late`: in time). */
async function inspectAll(
  input: ChecksInput,
): Promise<{ inspections: (TemplateInspection | undefined)[]; late: boolean }> {
  const inspected = await input.renderer.inspect(
    input.locales.map(({ subject, text, html, html_enabled }) => ({
      subject,
      text,
      html,
      html_enabled,
    })),
  );
  if (inspected.kind === 'busy') throw new ChecksBusyError('The renderer is busy');
  // Out of time or memory reading them: the source checks are skipped (said so when out of
  // time), and the renders below (with their own budget) say what failed.
  if (inspected.kind === 'failed') {
    return {
      inspections: input.locales.map(() => undefined),
      late: inspected.problem.code === 'timeout',
    };
  }
  return { inspections: inspected.inspections, late: false };
}

export async function runChecks(input: ChecksInput): Promise<ChecksResult> {
  const findings: CheckFinding[] = [];
  const [first] = input.locales;
  let defaultElements: SourceElement[] = [];
  // With no sample the template still renders (with nothing): Liquid errors show.
  const samples = input.samples.length > 0 ? input.samples : [{ name: 'no data', data: {} }];
  const render = (template: LocaleTemplate, data: Record<string, unknown>) =>
    renderForChecks(input.renderer, template, data, input.assetsFor?.(template.locale));
  // spamd's scan is the longest part (decision 092): every locale's first sample is queued for
  // the worker before the reading of the sources, and its message leaves for spamd the moment it
  // is rendered; the sources are read and the other samples rendered while spamd scans.
  const firstRenders = input.locales.map((template) => render(template, samples[0]?.data ?? {}));
  const spam = input.locales.map((template, position) =>
    (firstRenders[position] ?? Promise.resolve(null)).then(
      async (rendered): Promise<CheckFinding[]> => {
        if (rendered?.kind === 'rendered') {
          const finding = await spamFinding(
            template.locale,
            rendered,
            template.html_enabled,
            input,
          );
          return finding ? [finding] : [];
        }
        const late =
          rendered?.kind === 'failed' && rendered.problems.some((problem) => problem.timedOut);
        return input.spam && late ? spamNotChecked(template.locale) : [];
      },
    ),
  );
  // Awaited together at the end; a busy renderer may end the run before then.
  for (const finding of spam) finding.catch(() => undefined);
  const { inspections, late } = await inspectAll(input);
  for (const [position, template] of input.locales.entries()) {
    const { locale } = template;
    const add = (field: CheckFinding['field'], list: Omit<CheckFinding, 'locale' | 'field'>[]) => {
      for (const finding of list) findings.push({ ...finding, locale, field });
    };
    const inspection = inspections[position];
    const elements = inspection?.elements ?? [];
    if (late) findings.push(...sourceNotChecked(locale, template.html_enabled, template === first));
    if (template.html_enabled && inspection) {
      add('html', linkFindings(elements));
      add('html', imageFindings(elements));
      add('html', darkModeFindings(elements));
      add('html', preheaderFindings(elements));
      add('html', clientSupportFindings(inspection.features, input.clients));
      if (template === first) defaultElements = elements;
      else if (first) add('html', linkDifferenceFindings(defaultElements, elements, first.locale));
    }
    for (const field of [
      'subject',
      'text',
      ...(template.html_enabled ? ['html' as const] : []),
    ] as const) {
      add(field, unknownReferenceFindings(inspection?.references[field] ?? null, input.samples));
    }
    for (const finding of [
      ...textPartFindings(template.text, template.html_enabled),
      ...textOlderThanHtmlFindings(template.changes ?? [], template.text, template.html_enabled),
    ]) {
      findings.push({ ...finding, locale });
    }
    const reported = new Set<string>();
    for (const [index, sample] of samples.entries()) {
      const rendered = await (index === 0
        ? (firstRenders[position] ?? render(template, sample.data))
        : render(template, sample.data));
      if (rendered.kind === 'busy') throw new ChecksBusyError('The renderer is busy');
      if (rendered.kind === 'failed') {
        if (rendered.problems.some((problem) => problem.timedOut)) {
          findings.push(
            ...renderNotChecked(
              locale,
              sample.name,
              template.html_enabled,
              template.html_enabled && mayRenderEmptyLinks(template.html),
            ),
          );
        }
        for (const problem of rendered.problems.filter((late) => !late.timedOut)) {
          const finding = {
            ...liquidErrorFinding(problem.message, problem.line, problem.column),
            locale,
            field: problem.field,
          };
          const key = `${finding.field}:${String(finding.line)}:${finding.message}`;
          if (!reported.has(key)) findings.push(finding);
          reported.add(key);
        }
        continue;
      }
      for (const finding of [
        ...subjectFindings(rendered.subject, sample.name),
        ...(template.html_enabled ? clippingFindings(rendered.html, sample.name) : []),
      ]) {
        findings.push({ ...finding, locale });
      }
      if (template.html_enabled && rendered.links) {
        add('html', emptyRenderedLinkFindings(elements, rendered.links, sample.name));
      }
      // A turn of the loop between samples: the checks of one never hold the next request.
      await nextTurn();
    }
  }
  for (const found of await Promise.all(spam)) findings.push(...found);
  return {
    locales: input.locales.map((template) => template.locale),
    checks: [...CHECK_NAMES],
    findings: dedupe(findings),
    clients: input.clients.map((id) => ({ id, name: emailClientName(id) })),
  };
}

/** The same finding from several samples once (e.g. an empty link in every sample). */
function dedupe(findings: CheckFinding[]): CheckFinding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    // Client support names several features on one element, each once (they come from the source).
    const feature = finding.check === 'client_support' ? finding.message : '';
    const key = `${finding.locale}|${finding.field}|${finding.check}|${String(finding.line)}|${String(finding.column)}|${feature}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
