import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  darkModeFindings,
  emptyRenderedLinkFindings,
  imageFindings,
  linkDifferenceFindings,
  linkFindings,
  mayRenderEmptyLinks,
  preheaderFindings,
} from './html-checks';
import { sourceElements } from './html-source';
import { renderedLinks } from './template-inspection.js';

const checksOf = (findings: { check: string }[]) => findings.map((finding) => finding.check);

describe('links', () => {
  it('finds empty, unsafe, http: and address-less mailto: links, each on its line', () => {
    const html = [
      '<p>',
      '<a>none</a>',
      '<a href=" ">blank</a>',
      '<a href="javascript:alert(1)">js</a>',
      '<a href="data:text/html,x">data</a>',
      '<a href="http://shop.example.com">http</a>',
      '<a href="mailto:?subject=Hi">mail</a>',
      '</p>',
    ].join('\n');
    const findings = linkFindings(sourceElements(html));
    expect(findings.map(({ check, line }) => [check, line])).toEqual([
      ['link_empty', 2],
      ['link_empty', 3],
      ['link_unsafe', 4],
      ['link_unsafe', 5],
      ['link_insecure', 6],
      ['mailto_without_address', 7],
    ]);
    expect(findings[4]?.column).toBe(1);
  });

  it('lets https:, Liquid, relative and addressed mailto: links be', () => {
    const html =
      '<a href="https://x.example">a</a><a href="{{ order.url }}">b</a>' +
      '<a href="mailto:help@example.com">c</a><a href="#top">d</a>';
    expect(linkFindings(sourceElements(html))).toEqual([]);
  });

  it('finds a link whose target differs from the default locale, and no others', () => {
    const en = sourceElements('<a href="https://x.example/en">a</a><a href="https://y">b</a>');
    const nl = sourceElements('<a href="https://x.example/nl">a</a><a href="https://y">b</a>');
    expect(checksOf(linkDifferenceFindings(en, nl, 'en'))).toEqual([
      'link_differs_between_locales',
    ]);
    expect(linkDifferenceFindings(en, en, 'en')).toEqual([]);
  });

  it('finds a Liquid href that prints nothing with a sample, not one that prints', () => {
    const source = sourceElements('<a href="{{ order.url }}">x</a>');
    expect(
      checksOf(emptyRenderedLinkFindings(source, renderedLinks('<a href="">x</a>'), 'Empty')),
    ).toEqual(['link_renders_empty']);
    expect(
      emptyRenderedLinkFindings(source, renderedLinks('<a href="https://o">x</a>'), 'Typical'),
    ).toEqual([]);
  });
});

describe('whether the rendered links are read at all', () => {
  it('reads them for a Liquid href however it is quoted, and not for plain hrefs', () => {
    for (const html of [
      '<a href="{{ order.url }}">x</a>',
      "<a class=b HREF = '/o/{{ order.id }}'>x</a>",
      '<a href={{url}}>x</a>',
      '<a href="{% if x %}/a{% endif %}">x</a>',
    ]) {
      expect(mayRenderEmptyLinks(html), html).toBe(true);
    }
    for (const html of [
      '<a href="https://x.example">{{ name }}</a>',
      '<a href="/a" title="{{ t }}">x</a>',
      '<p>{{ a }}</p><img src="{{ src }}">',
    ]) {
      expect(mayRenderEmptyLinks(html), html).toBe(false);
    }
  });

  it('never says no where the check could find a link that prints nothing', () => {
    const piece = fc.constantFrom(
      '<a href="',
      "<a href='",
      '<a href=',
      '<a ',
      ' href = ',
      'href="',
      '"',
      "'",
      ' ',
      '>',
      '</a>',
      '{{ u }}',
      '{% if x %}',
      '{%',
      '{{',
      '/p',
      'x',
      '<p>',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const html = pieces.join('');
        const links = sourceElements(html).filter((element) => element.tag === 'a');
        // Every link printing nothing: the check finds each Liquid href there is.
        const found = emptyRenderedLinkFindings(
          sourceElements(html),
          links.map(() => ''),
          'Empty',
        );
        if (found.length > 0) expect(mayRenderEmptyLinks(html), html).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('images', () => {
  it('finds a missing alt, an http: source and no width', () => {
    const findings = imageFindings(sourceElements('<p>\n<img src="http://x.example/a.png"></p>'));
    expect(findings.map(({ check, line }) => [check, line])).toEqual([
      ['image_without_alt', 2],
      ['image_insecure', 2],
      ['image_without_width', 2],
    ]);
  });

  it('lets a decorative https: image with a width be (attribute or style)', () => {
    expect(imageFindings(sourceElements('<img src="https://x/a.png" alt="" width="40">'))).toEqual(
      [],
    );
    expect(
      imageFindings(sourceElements('<img src="https://x/a.png" alt="Logo" style="width: 40px">')),
    ).toEqual([]);
  });
});

describe('dark mode', () => {
  it('finds a text colour with no background on the element or around it', () => {
    const html = '<div>\n<p style="color: #333">Hi</p></div>';
    expect(darkModeFindings(sourceElements(html)).map(({ line }) => line)).toEqual([2]);
  });

  it('lets a colour with a background (own, around it, or bgcolor) be', () => {
    expect(darkModeFindings(sourceElements('<p style="color:#333;background:#fff">a</p>'))).toEqual(
      [],
    );
    expect(
      darkModeFindings(
        sourceElements('<div style="background-color:#fff"><p style="color:#333">a</p></div>'),
      ),
    ).toEqual([]);
    expect(
      darkModeFindings(
        sourceElements('<table bgcolor="#fff"><tr><td style="color:#333">a</td></tr></table>'),
      ),
    ).toEqual([]);
  });
});

describe('preheader', () => {
  it('is missing in a mail without hidden lead text', () => {
    expect(checksOf(preheaderFindings(sourceElements('<p>Hello</p>')))).toEqual([
      'preheader_missing',
    ]);
  });

  it('is there as a hidden element or one marked as a preheader', () => {
    expect(
      preheaderFindings(sourceElements('<div style="display:none">Your order</div><p>x</p>')),
    ).toEqual([]);
    expect(preheaderFindings(sourceElements('<span class="preheader">Your order</span>'))).toEqual(
      [],
    );
  });
});
