import { describe, expect, it } from 'vitest';
import { base, nl } from '../editor/form-values.test-helper';
import type { Notification } from '../../../../contract/wire/notification';
import { localeStates, savedLocaleStates, translationsUpdate } from './translation-fields';

function notification(outdated: boolean | null, withTranslations = true): Notification {
  return {
    id: '1',
    slug: 'order',
    url: null,
    created_at: null,
    updated_at: null,
    html_enabled: true,
    layout: null,
    description: '',
    name: 'Order',
    subject: 'Order',
    text: 'Thanks',
    html: '<p>Thanks</p>',
    translations: withTranslations
      ? { nl: { ...nl, updated_at: null, outdated, based_on: null } }
      : undefined,
  };
}

describe('translationsUpdate (the partial translations of a PUT)', () => {
  it('sends nothing when no translation changed', () => {
    expect(translationsUpdate(base.translations, { nl: { ...nl } })).toBeUndefined();
  });

  it('sends only the changed fields of the changed locale', () => {
    expect(translationsUpdate({ nl }, { nl: { ...nl, html: '<p>Dank</p>' } })).toEqual({
      nl: { html: '<p>Dank</p>' },
    });
  });

  it('sends a new locale whole, and null for a removed one', () => {
    const fr = { subject: 'Commande', text: '', html: '' };
    expect(translationsUpdate({ nl }, { fr })).toEqual({ nl: null, fr });
  });
});

describe('localeStates', () => {
  const options = {
    defaultLocale: 'en',
    locales: ['en', 'nl', 'fr'],
    notification: notification(false),
    saved: base,
    values: base,
  };

  it('lists the default first, then each locale with its state', () => {
    expect(localeStates(options)).toEqual([
      { locale: 'en', status: 'default', edited: false },
      { locale: 'nl', status: 'translated', edited: false },
      { locale: 'fr', status: 'missing', edited: false },
    ]);
  });

  it('marks edited locales, and an outdated one stops being outdated once edited', () => {
    const outdated = { ...options, notification: notification(true) };
    expect(localeStates(outdated)[1]).toEqual({ locale: 'nl', status: 'outdated', edited: false });
    const edited = {
      ...outdated,
      values: { ...base, subject: 'Your order', translations: { nl: { ...nl, text: 'Dank' } } },
    };
    expect(localeStates(edited)).toEqual([
      { locale: 'en', status: 'default', edited: true },
      { locale: 'nl', status: 'translated', edited: true },
      { locale: 'fr', status: 'missing', edited: false },
    ]);
  });

  it('a started translation is no longer missing; a removed one is', () => {
    const fr = { subject: 'Commande', text: '', html: '' };
    const states = localeStates({ ...options, values: { ...base, translations: { fr } } });
    expect(states.slice(1)).toEqual([
      { locale: 'nl', status: 'missing', edited: true },
      { locale: 'fr', status: 'translated', edited: true },
    ]);
  });
});

describe('savedLocaleStates (the list)', () => {
  it('says each non-default locale of the site', () => {
    expect(savedLocaleStates(notification(true), 'en', ['en', 'nl', 'fr'])).toEqual([
      { locale: 'nl', status: 'outdated' },
      { locale: 'fr', status: 'missing' },
    ]);
    expect(savedLocaleStates(notification(null), 'en', ['en', 'nl'])).toEqual([
      { locale: 'nl', status: 'translated' },
    ]);
  });
});
