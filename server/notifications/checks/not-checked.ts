/**
 * What the checks say when the render worker could not do their part in time (issue 39,
 * decision 092): on a loaded machine a sound template runs over the worker's time budget, and
 * that is no error of the template. Each check that could not run says so on its own finding,
 * severity info, so the panel and the matrix show which checks are missing and nothing is
 * marked broken; the request still answers with every check that did run.
 * A check that reads the source or the rendered mail must be listed here too:
 * `notification-checks-accounted.test.ts` trips every check and fails on one left unsaid.
 */
import type { CheckFinding, CheckName } from '../../../contract/schemas/notification-checks';

export const RENDERER_BUSY = 'Not checked: the renderer was busy';

type Field = CheckFinding['field'];

function notChecked(
  locale: string,
  checks: readonly (readonly [CheckName, Field])[],
  why: string,
): CheckFinding[] {
  return checks.map(([check, field]) => ({
    check,
    severity: 'info',
    locale,
    field,
    line: 1,
    column: 1,
    message: `${RENDERER_BUSY} (${why})`,
  }));
}

/** The checks of one locale that read its source (template-inspection.js), not read in time. */
export function sourceNotChecked(
  locale: string,
  htmlEnabled: boolean,
  isDefault: boolean,
): CheckFinding[] {
  const html: (readonly [CheckName, Field])[] = htmlEnabled
    ? [
        ['link_empty', 'html'],
        ['link_unsafe', 'html'],
        ['link_insecure', 'html'],
        ['mailto_without_address', 'html'],
        ['image_without_alt', 'html'],
        ['image_insecure', 'html'],
        ['image_without_width', 'html'],
        ['colour_without_background', 'html'],
        ['preheader_missing', 'html'],
        ['client_support', 'html'],
        ['unknown_variable', 'html'],
        ...(isDefault ? [] : ([['link_differs_between_locales', 'html']] as const)),
      ]
    : [];
  return notChecked(
    locale,
    [['unknown_variable', 'subject'], ['unknown_variable', 'text'], ...html],
    'reading the template ran over its time budget',
  );
}

/** The checks of one locale that render it with a sample, not rendered in time. */
export function renderNotChecked(
  locale: string,
  sample: string,
  htmlEnabled: boolean,
  links: boolean,
): CheckFinding[] {
  const html: (readonly [CheckName, Field])[] = htmlEnabled
    ? [
        ['liquid_error', 'html'],
        ['gmail_clipping', 'html'],
        ...(links ? ([['link_renders_empty', 'html']] as const) : []),
      ]
    : [];
  return notChecked(
    locale,
    [
      ['liquid_error', 'subject'],
      ['subject_empty', 'subject'],
      ['subject_too_long', 'subject'],
      ['liquid_error', 'text'],
      ...html,
    ],
    `rendering with the sample “${sample}” ran over its time budget`,
  );
}

/** The spam score of a locale whose message was not rendered in time. */
export function spamNotChecked(locale: string): CheckFinding[] {
  return notChecked(
    locale,
    [['spam_score', 'html']],
    'its message was not rendered within the time budget',
  );
}
