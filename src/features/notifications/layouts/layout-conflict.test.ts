import { describe, expect, it } from 'vitest';
import { layoutConflictMerge } from './layout-conflict';
import type { LayoutValues } from './layout-values';

const base: LayoutValues = {
  html: '<main>{{ content }}</main><footer>Old</footer>',
  text: '{{ content }}\n-- Old',
  translations: {
    nl: { html: '<main>{{ content }}</main><footer>Oud</footer>', text: '{{ content }}' },
  },
};

describe("a layout's 412 merge (the template editor's, per field per locale)", () => {
  it('keeps your edits on top of theirs when you changed different texts', () => {
    const theirs = { ...base, text: '{{ content }}\n-- Theirs' };
    const yours = {
      ...base,
      translations: {
        nl: { ...base.translations.nl!, html: '<main>{{ content }}</main><footer>Mijn</footer>' },
      },
    };
    expect(layoutConflictMerge.conflicts(base, theirs, yours)).toEqual([]);
    expect(layoutConflictMerge.merge(base, theirs, yours, {})).toEqual({
      ...yours,
      text: theirs.text,
    });
  });

  it('marks a text both changed, theirs and yours, and settles it by the choice', () => {
    const theirs = { ...base, html: '<main>{{ content }}</main><footer>Theirs</footer>' };
    const yours = {
      ...base,
      html: '<main>{{ content }}</main><footer>Yours</footer>',
      text: 'Mine {{ content }}',
    };
    expect(layoutConflictMerge.conflicts(base, theirs, yours)).toEqual([
      { id: 'html', label: 'HTML', theirs: theirs.html, yours: yours.html, mono: true },
    ]);
    expect(layoutConflictMerge.merge(base, theirs, yours, { html: 'theirs' })).toEqual({
      ...theirs,
      text: yours.text,
    });
    expect(layoutConflictMerge.merge(base, theirs, yours, { html: 'yours' })).toEqual(yours);
  });

  it("names a translation's text with its language; a removed translation says so", () => {
    const theirs = { ...base, translations: {} };
    const yours = {
      ...base,
      translations: { nl: { ...base.translations.nl!, text: 'Mijn {{ content }}' } },
    };
    expect(layoutConflictMerge.conflicts(base, theirs, yours)).toEqual([
      {
        id: 'translations.nl.text',
        label: 'Text (Dutch)',
        theirs: '(translation removed)',
        yours: 'Mijn {{ content }}',
        mono: true,
      },
    ]);
  });
});
