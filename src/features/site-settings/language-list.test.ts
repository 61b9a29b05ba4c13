import { describe, expect, it } from 'vitest';
import {
  languageName,
  moveItem,
  parseTypedLanguage,
  searchLanguages,
  templatesTranslatedInto,
} from './language-list';
import {
  siteSettingsConflictMerge,
  toSiteSettingsUpdate,
  type SiteSettingsFormValues,
} from './site-settings-form-values';

describe('language names and search', () => {
  it('names a tag in the admin language and falls back to the tag', () => {
    expect(languageName('nl', 'en')).toBe('Dutch');
    expect(languageName('nl', 'de')).toBe('Niederländisch');
    expect(languageName('fr-CA', 'en')).toBe('Canadian French');
  });

  it('finds by name or tag, leaves out the site’s languages, sorted by name', () => {
    const found = searchLanguages('french', ['en', 'fr'], 'en', 20).map((option) => option.tag);
    expect(found).toEqual(['fr-CA', 'fr-BE', 'fr-CH']);
    expect(searchLanguages('PT-br', [], 'en')[0]).toEqual({
      tag: 'pt-BR',
      name: 'Brazilian Portuguese',
    });
  });

  it('offers a valid typed tag that is not in the list first, canonical', () => {
    expect(searchLanguages('GSW', ['en'], 'en')[0]?.tag).toBe('gsw');
    expect(searchLanguages('not a tag', ['en'], 'en')).toEqual([]);
  });

  it('parses a typed tag or says why not', () => {
    expect(parseTypedLanguage(' fr-ca ', ['en'])).toEqual({ tag: 'fr-CA' });
    expect(parseTypedLanguage('en', ['en'])).toEqual({
      error: 'en is already a language of the site',
    });
    expect(parseTypedLanguage('x!', ['en'])).toHaveProperty('error');
    // Well-formed BCP 47 (a reserved 5–8 letter subtag) but a name typed, not a language.
    expect(parseTypedLanguage('french', ['en'])).toHaveProperty('error');
  });
});

describe('moveItem', () => {
  it('moves one place and keeps the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('templatesTranslatedInto', () => {
  it('names the templates with a translation in the locale', () => {
    const templates = [
      { name: 'Order confirmation', slug: 'order', translations: { nl: {} } },
      { name: null, slug: 'welcome', translations: { nl: {}, fr: {} } },
      { name: 'Reset', slug: 'reset', translations: null },
      { name: 'Old', slug: 'old' },
    ];
    expect(templatesTranslatedInto(templates, 'nl')).toEqual(['Order confirmation', 'welcome']);
    expect(templatesTranslatedInto(templates, 'de')).toEqual([]);
  });
});

describe('site settings form values', () => {
  const saved: SiteSettingsFormValues = {
    name: 'Demo',
    default_locale: 'en',
    locales: ['en', 'nl'],
  };

  it('sends only what changed, the list whole', () => {
    expect(toSiteSettingsUpdate(saved, { ...saved })).toEqual({});
    expect(toSiteSettingsUpdate(saved, { ...saved, locales: ['nl', 'en'] })).toEqual({
      locales: ['nl', 'en'],
    });
    expect(toSiteSettingsUpdate(saved, { ...saved, name: ' Shop ', default_locale: 'nl' })).toEqual(
      { name: 'Shop', default_locale: 'nl' },
    );
  });

  it('merges after a 412: separate fields merge, the same field conflicts', () => {
    const theirs = { ...saved, name: 'Theirs' };
    const yours = { ...saved, locales: ['en', 'nl', 'fr'] };
    expect(siteSettingsConflictMerge.conflicts(saved, theirs, yours)).toEqual([]);
    expect(siteSettingsConflictMerge.merge(saved, theirs, yours, {})).toEqual({
      name: 'Theirs',
      default_locale: 'en',
      locales: ['en', 'nl', 'fr'],
    });
    const conflicts = siteSettingsConflictMerge.conflicts(
      saved,
      { ...saved, locales: ['en'] },
      yours,
    );
    expect(conflicts.map((c) => [c.id, c.theirs, c.yours])).toEqual([
      ['locales', 'en', 'en, nl, fr'],
    ]);
  });

  it('a default the merged list lost falls back to its first language', () => {
    const merged = siteSettingsConflictMerge.merge(
      saved,
      { ...saved, locales: ['nl'] },
      { ...saved, default_locale: 'en', name: 'X' },
      {},
    );
    expect(merged).toEqual({ name: 'X', default_locale: 'nl', locales: ['nl'] });
  });
});
