import { describe, expect, it } from 'vitest';
import { changedOutputs, contentBlocks, slugFor, splitTemplate } from './layout-split';

const HTML =
  '<html><body><div class="shell"><p class="head">Acme</p><div class="main"><p>Hi {{ name }}</p></div><p>Street 1</p></div></body></html>';
const NL =
  '<html><body><div class="shell"><p class="head">Acme</p><div class="main"><p>Hoi {{ name }}</p></div><p>Straat 1</p></div></body></html>';

const blockWith = (html: string, label: string) => {
  const block = contentBlocks(html).find((candidate) => candidate.label.startsWith(label));
  if (!block) throw new Error(`no block ${label}`);
  return block;
};
const noSnippets = () => ({});

describe('contentBlocks', () => {
  it('lists the elements inside the frame with their class and text, never html or body', () => {
    const labels = contentBlocks(HTML).map((block) => block.label);
    expect(labels).toEqual([
      '<div.shell> Acme Hi {{ name }} Street 1',
      '<p.head> Acme',
      '<div.main> Hi {{ name }}',
      '<p> Hi {{ name }}',
      '<p> Street 1',
    ]);
  });
});

describe('splitTemplate', () => {
  it('splits the default and each translation at the same block; a different footer is the layout translation', () => {
    const split = splitTemplate(HTML, { nl: NL }, blockWith(HTML, '<div.main>'));
    expect(split.html).toBe('<div class="main"><p>Hi {{ name }}</p></div>');
    expect(split.layoutHtml).toBe(
      '<html><body><div class="shell"><p class="head">Acme</p>{{ content }}<p>Street 1</p></div></body></html>',
    );
    expect(split.translations.nl?.html).toBe('<div class="main"><p>Hoi {{ name }}</p></div>');
    expect(split.layoutTranslations.nl?.html).toContain('<p>Straat 1</p>');
    expect(split.unsplittable).toEqual([]);
    const before = { html: HTML, translations: { nl: NL } };
    expect(changedOutputs(before, split, { name: 'Ann' }, noSnippets)).toEqual([]);
  });

  it('an identical frame gives no layout translation; a translation without the block is named', () => {
    const same = NL.replace('Straat', 'Street');
    const split = splitTemplate(
      HTML,
      { nl: same, de: '<p>Hallo</p>' },
      blockWith(HTML, '<div.main>'),
    );
    expect(split.layoutTranslations).toEqual({});
    expect(split.unsplittable).toEqual(['de']);
  });

  it('a variable assigned in the header and used in the content is a changed output', () => {
    const html = '{% assign who = "Ann" %}<div><p>Hi {{ who }}</p></div>';
    const split = splitTemplate(html, {}, blockWith(html, '<p>'));
    expect(changedOutputs({ html, translations: {} }, split, {}, noSnippets)).toEqual([null]);
  });
});

describe('slugFor', () => {
  it('makes a slug of a name', () => {
    expect(slugFor('  Brand Mail (2026) ')).toBe('brand-mail-2026');
  });
});
