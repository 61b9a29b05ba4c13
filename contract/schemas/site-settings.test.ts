import { describe, expect, it } from 'vitest';
import { notificationWireSchema } from '../wire/notification';
import { siteSettingsWireSchema } from '../wire/site-settings';
import { canonicalLocale, siteSettingsUpdateSchema } from './site-settings';
import { notificationUpdateSchema } from './notification';

describe('site settings contract', () => {
  it('canonicalises BCP 47 tags and refuses what is not one', () => {
    expect(canonicalLocale('PT-br')).toBe('pt-BR');
    expect(canonicalLocale('zh-hant-tw')).toBe('zh-Hant-TW');
    expect(canonicalLocale('not a tag')).toBeUndefined();
    expect(canonicalLocale('')).toBeUndefined();
  });

  it('refuses duplicates after canonicalisation, on the second one', () => {
    const result = siteSettingsUpdateSchema.safeParse({ locales: ['en', 'nl', 'NL'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['locales', 2]);
    expect(siteSettingsUpdateSchema.parse({ locales: ['en', 'pt-br'] }).locales).toEqual([
      'en',
      'pt-BR',
    ]);
  });

  it('takes translations as a partial change or null, and nothing else', () => {
    expect(
      notificationUpdateSchema.parse({ translations: { nl: { subject: 'Hoi' }, fr: null } }),
    ).toEqual({ translations: { nl: { subject: 'Hoi' }, fr: null } });
    expect(notificationUpdateSchema.safeParse({ translations: { nl: 'Hoi' } }).success).toBe(false);
    expect(
      notificationUpdateSchema.safeParse({ translations: { nl: { colour: 'red' } } }).success,
    ).toBe(false);
  });
});

describe('wire: what the dashboard accepts', () => {
  it('reads a notification without translations as a server without languages', () => {
    const plain = notificationWireSchema.parse({ slug: 'welcome', subject: 'Hi' });
    expect(plain.translations).toBeUndefined();
    expect(notificationWireSchema.parse({ slug: 'w', translations: 'x' }).translations).toBeNull();
  });

  it('fills what a translation lacks and drops entries that are not objects', () => {
    const parsed = notificationWireSchema.parse({
      slug: 'welcome',
      translations: { nl: { subject: 'Hoi', outdated: 'true' }, fr: 'nope' },
    });
    expect(parsed.translations).toEqual({
      nl: {
        subject: 'Hoi',
        text: '',
        html: '',
        updated_at: null,
        outdated: true,
        based_on: null,
      },
    });
  });

  it('makes site settings usable: default first when missing, no duplicates', () => {
    expect(siteSettingsWireSchema.parse({ locales: ['nl', 'en', 'nl'] })).toMatchObject({
      default_locale: 'nl',
      locales: ['nl', 'en'],
      name: null,
    });
    expect(siteSettingsWireSchema.parse({ default_locale: 'de', locales: ['en'] }).locales).toEqual(
      ['de', 'en'],
    );
    expect(siteSettingsWireSchema.safeParse({ locales: [] }).success).toBe(false);
  });
});
