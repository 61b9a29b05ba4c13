import { describe, expect, it } from 'vitest';
import { languagesInUse, resolveLocalized, sortLanguages } from './localized-text';

describe('resolveLocalized', () => {
  it('uses the chosen language when it has text', () => {
    expect(resolveLocalized({ en: 'Hello', nl: 'Hallo' }, 'nl')).toEqual({
      text: 'Hallo',
      language: 'nl',
      isFallback: false,
    });
  });

  it('falls back to en, then to the first language with text', () => {
    expect(resolveLocalized({ de: 'Hallo', en: 'Hello' }, 'nl')).toEqual({
      text: 'Hello',
      language: 'en',
      isFallback: true,
    });
    expect(resolveLocalized({ fr: '  ', de: 'Hallo' }, 'nl')).toEqual({
      text: 'Hallo',
      language: 'de',
      isFallback: true,
    });
  });

  it('treats blank text as missing and reports when nothing is there', () => {
    expect(resolveLocalized({ nl: ' ', en: '' }, 'nl')).toEqual({
      text: '',
      language: null,
      isFallback: false,
    });
    expect(resolveLocalized(undefined, 'en').language).toBeNull();
  });
});

describe('languages', () => {
  it('sorts en first then alphabetically without duplicates', () => {
    expect(sortLanguages(['nl', 'de', 'en', 'nl'])).toEqual(['en', 'de', 'nl']);
  });

  it('collects every language any localized text uses', () => {
    expect(
      languagesInUse({
        privacy_policy_url: { fr: '/fr/privacy' },
        purposes: [{ description: { en: 'x' } }],
        applications: [
          {
            title: { nl: 'a' },
            description: {},
            placeholder_message: { de: 'b' },
            placeholder_action: {},
          },
        ],
      }),
    ).toEqual(['en', 'de', 'fr', 'nl']);
  });
});
