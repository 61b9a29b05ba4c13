/**
 * Checks of an HTML template's source, one locale at a time (issue 39): links, images, text
 * colour without a background (invisible in dark mode), and the preheader. Pure functions.
 */
import type { CheckFinding } from '../../../contract/schemas/notification-checks';
import { hasLiquid, type SourceElement } from './html-source';

type Finding = Omit<CheckFinding, 'locale' | 'field'>;

function at(element: SourceElement, finding: Omit<Finding, 'line' | 'column'>): Finding {
  return { ...finding, line: element.line, column: element.column };
}

export function linkFindings(elements: readonly SourceElement[]): Finding[] {
  const findings: Finding[] = [];
  for (const element of elements) {
    if (element.tag !== 'a') continue;
    const href = element.attrs.href;
    if (href === undefined || href.trim() === '') {
      findings.push(
        at(element, {
          check: 'link_empty',
          severity: 'warning',
          message: href === undefined ? 'A link without href' : 'A link with an empty href',
        }),
      );
      continue;
    }
    const url = href.trim().toLowerCase();
    if (url.startsWith('javascript:') || url.startsWith('data:')) {
      findings.push(
        at(element, {
          check: 'link_unsafe',
          severity: 'error',
          message: `A ${url.slice(0, url.indexOf(':') + 1)} link: mail clients block it, and spam filters mark it`,
        }),
      );
    } else if (url.startsWith('http:')) {
      findings.push(
        at(element, {
          check: 'link_insecure',
          severity: 'warning',
          message: `An http: link (${href.trim()}): use https:`,
        }),
      );
    } else if (url.startsWith('mailto:') && /^mailto:\s*(\?|$)/.test(url)) {
      findings.push(
        at(element, {
          check: 'mailto_without_address',
          severity: 'warning',
          message: 'A mailto: link without an address',
        }),
      );
    }
  }
  return findings;
}

export function imageFindings(elements: readonly SourceElement[]): Finding[] {
  const findings: Finding[] = [];
  for (const element of elements) {
    if (element.tag !== 'img') continue;
    if (element.attrs.alt === undefined) {
      findings.push(
        at(element, {
          check: 'image_without_alt',
          severity: 'warning',
          message: 'An image without alt text (alt="" marks a decorative one)',
        }),
      );
    }
    if ((element.attrs.src ?? '').trim().toLowerCase().startsWith('http:')) {
      findings.push(
        at(element, {
          check: 'image_insecure',
          severity: 'warning',
          message: 'An http: image: many clients do not load it; use https:',
        }),
      );
    }
    if (
      element.attrs.width === undefined &&
      !/(^|;)\s*width\s*:/i.test(element.attrs.style ?? '')
    ) {
      findings.push(
        at(element, {
          check: 'image_without_width',
          severity: 'info',
          message: 'An image without width: Outlook shows it at its full size',
        }),
      );
    }
  }
  return findings;
}

/** `color:` in a style with no background on the element or around it. */
export function darkModeFindings(elements: readonly SourceElement[]): Finding[] {
  return elements
    .filter(
      (element) => /(^|;)\s*color\s*:/i.test(element.attrs.style ?? '') && !element.hasBackground,
    )
    .map((element) =>
      at(element, {
        check: 'colour_without_background',
        severity: 'warning',
        message:
          'Text colour set without a background: a dark-mode client may turn the background dark and hide it',
      }),
    );
}

/** A preheader: an element marked as one, or hidden text (display:none) in the body. */
export function preheaderFindings(elements: readonly SourceElement[]): Finding[] {
  const hasPreheader = elements.some(
    (element) =>
      /preheader|preview/i.test(`${element.attrs.class ?? ''} ${element.attrs.id ?? ''}`) ||
      /display\s*:\s*none/i.test(element.attrs.style ?? ''),
  );
  if (hasPreheader || elements.length === 0) return [];
  return [
    {
      check: 'preheader_missing',
      severity: 'info',
      line: 1,
      column: 1,
      message:
        'No preheader: inbox lists show the first text of the mail next to the subject; a hidden preheader sets it',
    },
  ];
}

/**
 * Links whose target differs from the same link (by position) of the default locale; compared
 * only when both have the same number of links.
 */
export function linkDifferenceFindings(
  defaultElements: readonly SourceElement[],
  elements: readonly SourceElement[],
  defaultLocale: string,
): Finding[] {
  const links = (list: readonly SourceElement[]) => list.filter((element) => element.tag === 'a');
  const base = links(defaultElements);
  const mine = links(elements);
  if (base.length !== mine.length) return [];
  return mine.flatMap((element, index) => {
    const theirs = base[index]?.attrs.href ?? '';
    const href = element.attrs.href ?? '';
    if (href.trim() === theirs.trim()) return [];
    return [
      at(element, {
        check: 'link_differs_between_locales',
        severity: 'info',
        message: `This link goes to ${href.trim() || '(nothing)'}; in ${defaultLocale} it goes to ${theirs.trim() || '(nothing)'}`,
      }),
    ];
  });
}

/**
 * Whether `emptyRenderedLinkFindings` can find anything in `source`: some href holds Liquid as
 * written (quoted or not; a Liquid tag as its value counts too). Read with a regular
 * expression, before the worker parses anything: when it is false the renders skip reading their
 * links (parse5 over every rendered locale and sample, for a check that cannot fire). It may say
 * true where parse5 then sees no Liquid href (that costs only the parse), never false where it does.
 */
export function mayRenderEmptyLinks(source: string): boolean {
  return /href\s*=\s*(?:"[^"]*|'[^']*|[^\s>]*)\{[{%]/i.test(source);
}

/**
 * Links whose Liquid href printed nothing with a sample: `renderedHrefs` are the hrefs of the
 * rendered HTML's links (read in the render worker), matched by position to the source's links
 * when both have as many.
 */
export function emptyRenderedLinkFindings(
  source: readonly SourceElement[],
  renderedHrefs: readonly string[],
  sampleName: string,
): Finding[] {
  const sourceLinks = source.filter((element) => element.tag === 'a');
  if (sourceLinks.length !== renderedHrefs.length) return [];
  return sourceLinks.flatMap((element, index) => {
    const href = element.attrs.href ?? '';
    const printed = renderedHrefs[index] ?? '';
    if (!hasLiquid(href) || printed.trim() !== '') return [];
    return [
      at(element, {
        check: 'link_renders_empty',
        severity: 'warning',
        message: `This link's href (${href.trim()}) prints nothing with the sample “${sampleName}”`,
      }),
    ];
  });
}
