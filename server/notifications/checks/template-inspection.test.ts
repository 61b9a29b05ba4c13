import { describe, expect, it } from 'vitest';
import { inspectTemplate, liquidReferences, renderedLinks } from './template-inspection.js';

const features = (html: string) =>
  inspectTemplate({ subject: '', text: '', html, html_enabled: true }).features.map(
    ({ feature, line }) => `${String(line)} ${feature}`,
  );

describe('the reading of a template for the checks', () => {
  it('finds the caniemail features of tags, attributes and inline styles on their lines', () => {
    const html = [
      '<p>Hi</p>',
      '<div style="display:flex; margin-top: 4px; background-image: linear-gradient(red, blue)">',
      '<svg></svg><img src="https://x.example/a.webp" srcset="a.webp 2x" alt=""></div>',
    ].join('\n');
    expect(features(html)).toEqual(
      expect.arrayContaining([
        '2 css-display-flex',
        '2 css-margin',
        '2 css-background-image',
        '2 css-linear-gradient',
        '3 html-svg',
        '3 image-webp',
        '3 html-srcset',
      ]),
    );
  });

  it('finds at-rules, media features and pseudo-classes in a style block on their own lines', () => {
    const html =
      '<style>\np { color: red }\n@media (prefers-color-scheme: dark) {\n a:hover { color: blue }\n}\n</style>';
    expect(features(html)).toEqual(
      expect.arrayContaining([
        '1 html-style',
        '3 css-at-media',
        '3 css-at-media-prefers-color-scheme',
        '4 css-pseudo-class-hover',
      ]),
    );
  });

  it('finds nothing in plain markup, in comments, or when HTML is off', () => {
    expect(features('<table><tr><td>Plain</td></tr></table>')).toEqual([]);
    expect(features('<style>/* @media (hover) a:hover */</style>')).toEqual(['1 html-style']);
    expect(
      inspectTemplate({ subject: '', text: '', html: '<svg></svg>', html_enabled: false }).features,
    ).toEqual([]);
  });

  it('reads the Liquid variables of each field, and null for a field that does not parse', () => {
    expect(liquidReferences('Hi {{ customer.first_nme }}')).toEqual([
      { segments: ['customer', 'first_nme'], line: 1, column: 7 },
    ]);
    expect(liquidReferences('{% for l in lines %}{{ l.title }}{% endfor %}')).toEqual([
      { segments: ['lines'], line: 1, column: 13 },
    ]);
    expect(liquidReferences('{% if %}')).toBeNull();
  });

  it("answers the rendered links' hrefs in order", () => {
    expect(renderedLinks('<a href="https://a">x</a><p><a>y</a></p>')).toEqual(['https://a', '']);
  });
});
