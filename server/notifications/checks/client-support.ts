/**
 * Client support (issue 39): each use of an HTML or CSS feature that one of the site's chosen
 * e-mail clients does not support, or only partly, by caniemail.com's data
 * (caniemail-data.json, trimmed from the `caniemail` package by scripts/caniemail-data.ts).
 * The uses come from the render worker (template-inspection.js). Pure.
 */
import type { CheckFinding } from '../../../contract/schemas/notification-checks';
import { emailClientName } from '../../../contract/schemas/email-clients';
import type { FeatureUse } from './template-inspection.js';
import type { TrimmedData } from './caniemail-trim';
import caniemailJson from './caniemail-data.json';

type Finding = Omit<CheckFinding, 'locale' | 'field'>;

export const CANIEMAIL = caniemailJson as TrimmedData;

/**
 * Places reported per unsupported feature and locale: a template that uses it on 200 cells gets
 * the first ones and a count, not 200 findings that bury the rest.
 */
export const MAX_PLACES_PER_FEATURE = 10;

function names(ids: readonly string[]): string {
  return ids.map(emailClientName).join(', ');
}

export function clientSupportFindings(
  uses: readonly FeatureUse[],
  clients: readonly string[],
  data: TrimmedData = CANIEMAIL,
): Finding[] {
  if (clients.length === 0) return [];
  const byFeature = new Map<string, FeatureUse[]>();
  for (const use of uses) {
    const list = byFeature.get(use.feature) ?? [];
    // The same feature twice on one element (`margin-top` and `margin-left`) is one place.
    if (!list.some((seen) => seen.line === use.line && seen.column === use.column)) list.push(use);
    byFeature.set(use.feature, list);
  }
  const findings: Finding[] = [];
  for (const [slug, places] of byFeature) {
    const feature = data.features[slug];
    if (!feature) continue;
    const unsupported = clients.filter((id) => feature.support[id]?.support === 'n');
    const partial = clients.filter((id) => feature.support[id]?.support === 'a');
    if (unsupported.length === 0 && partial.length === 0) continue;
    const notes = [
      ...new Set([...unsupported, ...partial].flatMap((id) => feature.support[id]?.notes ?? [])),
    ];
    const said = [
      unsupported.length > 0 ? `not supported in ${names(unsupported)}` : '',
      partial.length > 0 ? `partly supported in ${names(partial)}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    const message = `${feature.title}: ${said}${notes.length > 0 ? ` (${notes.join(' ')})` : ''}. ${feature.url}`;
    if (unsupported.length === 0) {
      // Partial support is the rule in Outlook for Windows (padding, width, fonts…): one note
      // per feature, at its first place, rather than one on every element.
      const [place] = places;
      if (!place) continue;
      findings.push({
        check: 'client_support',
        severity: 'info',
        line: place.line,
        column: place.column,
        message: places.length > 1 ? `${message} (${String(places.length)} places)` : message,
        clients: partial,
      });
      continue;
    }
    const shown = places.slice(0, MAX_PLACES_PER_FEATURE);
    const more = places.length - shown.length;
    shown.forEach((place, index) => {
      findings.push({
        check: 'client_support',
        severity: 'warning',
        line: place.line,
        column: place.column,
        message:
          more > 0 && index === shown.length - 1
            ? `${message} (and ${String(more)} more places)`
            : message,
        clients: [...unsupported, ...partial],
      });
    });
  }
  return findings.sort((a, b) => a.line - b.line || a.column - b.column);
}
