/**
 * Runs every check of issue 39 on a notification, for every locale given. The rendering happens
 * in the renderer's worker (render-for-checks.ts); the parsing and analysis here run on the
 * service's thread in slices, one field of one locale at a time with a turn of the event loop
 * between, so no slice holds the loop long (bench/notification-checks.ts measures it).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  CHECK_NAMES,
  type CheckFinding,
  type ChecksResult,
} from '../../../contract/schemas/notification-checks';
import { composeMessage } from '../mail/compose-message';
import { spamVerdict, type SpamdOptions } from '../mail/spamd-client';
import type { TemplateRenderer } from '../mail/template-renderer';
import {
  darkModeFindings,
  emptyRenderedLinkFindings,
  imageFindings,
  linkDifferenceFindings,
  linkFindings,
  preheaderFindings,
} from './html-checks';
import { sourceElements, type SourceElement } from './html-source';
import { liquidErrorFinding, unknownVariableFindings } from './liquid-checks';
import type { DocumentSources } from '../../../contract/render-document';
import { renderForChecks, type CheckedTemplate } from './render-for-checks';
import { clippingFindings, subjectFindings, textPartFindings } from './rendered-checks';

export interface LocaleTemplate extends CheckedTemplate {
  locale: string;
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
  /** null or unreachable: the finding says "not available". */
  spamd: SpamdOptions | null;
  from: string;
}

export class ChecksBusyError extends Error {}

async function spamFinding(
  locale: string,
  rendered: { subject: string; text: string; html: string },
  htmlEnabled: boolean,
  input: ChecksInput,
): Promise<CheckFinding | null> {
  if (!input.spam) return null;
  const { raw } = await composeMessage({
    from: input.from,
    to: 'checks@localhost',
    subject: rendered.subject.replace(/\s+/g, ' ').trim(),
    text: rendered.text,
    ...(htmlEnabled ? { html: rendered.html } : {}),
  });
  const verdict = input.spamd ? await spamVerdict(raw, input.spamd) : null;
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

export async function runChecks(input: ChecksInput): Promise<ChecksResult> {
  const findings: CheckFinding[] = [];
  const [first] = input.locales;
  let defaultElements: SourceElement[] = [];
  const spam: Promise<CheckFinding | null>[] = [];
  for (const template of input.locales) {
    const { locale } = template;
    const add = (field: CheckFinding['field'], list: Omit<CheckFinding, 'locale' | 'field'>[]) => {
      for (const finding of list) findings.push({ ...finding, locale, field });
    };
    let elements: SourceElement[] = [];
    if (template.html_enabled) {
      elements = sourceElements(template.html);
      add('html', linkFindings(elements));
      add('html', imageFindings(elements));
      add('html', darkModeFindings(elements));
      add('html', preheaderFindings(elements));
      if (template === first) defaultElements = elements;
      else if (first) add('html', linkDifferenceFindings(defaultElements, elements, first.locale));
      await nextTurn();
    }
    for (const field of [
      'subject',
      'text',
      ...(template.html_enabled ? ['html' as const] : []),
    ] as const) {
      add(field, unknownVariableFindings(template[field], input.samples));
      await nextTurn();
    }
    for (const finding of textPartFindings(template.text, template.html_enabled)) {
      findings.push({ ...finding, locale });
    }
    // With no sample the template still renders (with nothing): Liquid errors show.
    const samples = input.samples.length > 0 ? input.samples : [{ name: 'no data', data: {} }];
    const reported = new Set<string>();
    for (const [index, sample] of samples.entries()) {
      const rendered = await renderForChecks(
        input.renderer,
        template,
        sample.data,
        input.assetsFor?.(locale),
      );
      if (rendered.kind === 'busy') throw new ChecksBusyError('The renderer is busy');
      if (rendered.kind === 'failed') {
        for (const problem of rendered.problems) {
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
      if (template.html_enabled) {
        add(
          'html',
          emptyRenderedLinkFindings(elements, sourceElements(rendered.html), sample.name),
        );
      }
      if (index === 0) spam.push(spamFinding(locale, rendered, template.html_enabled, input));
      await nextTurn();
    }
  }
  for (const finding of await Promise.all(spam)) if (finding) findings.push(finding);
  return {
    locales: input.locales.map((template) => template.locale),
    checks: [...CHECK_NAMES],
    findings: dedupe(findings),
  };
}

/** The same finding from several samples once (e.g. an empty link in every sample). */
function dedupe(findings: CheckFinding[]): CheckFinding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.locale}|${finding.field}|${finding.check}|${String(finding.line)}|${String(finding.column)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
