/**
 * Checks of a rendered mail (issue 39): the subject, Gmail's clipping and the text part. Pure.
 */
import { GMAIL_CLIP_BYTES, type CheckFinding } from '../../../contract/schemas/notification-checks';

type Finding = Omit<CheckFinding, 'locale'>;

/** RFC 5322's recommended line length, and about what inbox lists show of a subject. */
export const SUBJECT_MAX_CHARACTERS = 78;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Characters as a reader counts them (an emoji with modifiers is one). */
function lengthOf(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count += 1;
  return count;
}

export function subjectFindings(rendered: string, sampleName: string): Finding[] {
  const subject = rendered.replace(/\s+/g, ' ').trim();
  if (subject === '') {
    return [
      {
        check: 'subject_empty',
        severity: 'error',
        field: 'subject',
        line: 1,
        column: 1,
        message: `The subject prints nothing with the sample “${sampleName}”`,
      },
    ];
  }
  const length = lengthOf(subject);
  if (length > SUBJECT_MAX_CHARACTERS) {
    return [
      {
        check: 'subject_too_long',
        severity: 'warning',
        field: 'subject',
        line: 1,
        column: 1,
        message: `With the sample “${sampleName}” the subject has ${String(length)} characters; inboxes cut it after about ${String(SUBJECT_MAX_CHARACTERS)}`,
      },
    ];
  }
  return [];
}

export function clippingFindings(renderedHtml: string, sampleName: string): Finding[] {
  const bytes = Buffer.byteLength(renderedHtml);
  if (bytes <= GMAIL_CLIP_BYTES) return [];
  return [
    {
      check: 'gmail_clipping',
      severity: 'warning',
      field: 'html',
      line: 1,
      column: 1,
      message: `With the sample “${sampleName}” the HTML is ${(bytes / 1024).toFixed(1)} kB: Gmail clips a mail over 102 kB`,
    },
  ];
}

export function textPartFindings(text: string, htmlEnabled: boolean): Finding[] {
  if (!htmlEnabled || text.trim() !== '') return [];
  return [
    {
      check: 'text_missing',
      severity: 'warning',
      field: 'text',
      line: 1,
      column: 1,
      message: 'No text version: clients that show text only, and spam filters, see an empty mail',
    },
  ];
}

/**
 * The text version older than the HTML: the latest change to either (the draft, then the saved
 * revisions, newest first) changed the HTML and left the text as it was, so the two parts may
 * say different things. `changes` lists, newest first, the fields each change touched in this
 * locale (`html`, `text`, …); a change that touched both, or the text, makes the text current.
 */
export function textOlderThanHtmlFindings(
  changes: readonly (readonly string[])[],
  text: string,
  htmlEnabled: boolean,
): Finding[] {
  if (!htmlEnabled || text.trim() === '') return [];
  const latest = changes.find((fields) => fields.includes('html') || fields.includes('text'));
  if (!latest || latest.includes('text')) return [];
  return [
    {
      check: 'text_older_than_html',
      severity: 'warning',
      field: 'text',
      line: 1,
      column: 1,
      message:
        'The text version is older than the HTML: the HTML changed since the text was last changed, so mail apps that show the text may say something else',
    },
  ];
}
