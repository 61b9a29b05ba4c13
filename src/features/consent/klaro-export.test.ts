import { describe, expect, it } from 'vitest';
import type { ConsentApplication, ConsentConfig } from '../../../contract/wire/consent';
import type { CheckedCookie } from './consent-check-model';
import { klaroConfigScript, toKlaroConfig } from './klaro-export';

const analytics: ConsentApplication = {
  name: 'analytics',
  title: { en: 'Google Analytics', nl: 'Google Analytics NL' },
  description: { en: 'Counts visits' },
  purposes: ['statistics'],
  required: false,
  default: true,
  opt_out: false,
  placeholder_message: { en: 'Load statistics?', nl: 'Statistieken laden?' },
  placeholder_action: { en: 'Load' },
  cookies: [],
};
const session: ConsentApplication = {
  ...analytics,
  name: 'session',
  title: {},
  description: {},
  purposes: ['essential'],
  required: true,
  default: true,
  opt_out: true,
  placeholder_message: {},
  placeholder_action: {},
};

const config: ConsentConfig = {
  privacy_policy_kind: 'url',
  privacy_policy_url: { en: 'https://example.com/privacy', nl: '/nl/privacy' },
  privacy_policy_page_id: null,
  purposes: [
    { name: 'statistics', description: { en: 'Counting visits', nl: 'Bezoeken tellen' } },
    { name: 'essential', description: { en: 'Needed' } },
  ],
  applications: [analytics, session],
  cookies: [],
  consent_mode: null,
};

const cookies: CheckedCookie[] = [
  { id: '1', name: '^_ga.*', path: '/', domain: '', application: 'analytics' },
  { id: '2', name: '_gid', path: '/', domain: '.example.com', application: 'analytics' },
  { id: '3', name: '^_bad(', path: '', domain: '', application: 'analytics' },
  { id: '4', name: 'sid', path: '/', domain: '', application: 'session' },
  { id: '5', name: 'orphan', path: '/', domain: '', application: 'gone' },
];

describe('toKlaroConfig', () => {
  const klaro = toKlaroConfig(config, config.applications, cookies);

  it('maps applications to services with flags, purposes and cookies', () => {
    expect(klaro.services.map((service) => service.name)).toEqual(['analytics', 'session']);
    const [ga, sid] = klaro.services;
    expect(ga).toMatchObject({
      title: 'Google Analytics',
      purposes: ['statistics'],
      required: false,
      default: true,
      optOut: false,
    });
    expect(ga!.cookies).toEqual([/^_ga.*/, ['_gid', '/', '.example.com'], '^_bad(']);
    expect(ga!.cookies[0]).toBeInstanceOf(RegExp);
    // A service without a title uses its name; a cookie of a missing application is left out.
    expect(sid).toMatchObject({ title: 'session', cookies: ['sid'], required: true, optOut: true });
  });

  it('translates services per language with the fallback under zz', () => {
    expect(klaro.services[0]!.translations).toEqual({
      en: {
        title: 'Google Analytics',
        description: 'Counts visits',
        placeholderMessage: 'Load statistics?',
        placeholderAction: 'Load',
      },
      nl: { title: 'Google Analytics NL', placeholderMessage: 'Statistieken laden?' },
      zz: {
        title: 'Google Analytics',
        description: 'Counts visits',
        placeholderMessage: 'Load statistics?',
        placeholderAction: 'Load',
      },
    });
  });

  it('puts purposes and the privacy policy into the translations of each language', () => {
    expect(klaro.purposeOrder).toEqual(['statistics', 'essential']);
    expect(klaro.translations.nl).toEqual({
      privacyPolicyUrl: '/nl/privacy',
      purposes: {
        statistics: { title: 'statistics', description: 'Bezoeken tellen' },
        essential: { title: 'essential' },
      },
    });
    expect(klaro.translations.zz!.privacyPolicyUrl).toBe('https://example.com/privacy');
    expect(klaro.translations.zz!.purposes!.essential).toEqual({
      title: 'essential',
      description: 'Needed',
    });
    expect(klaro.privacyPolicy).toEqual({
      en: 'https://example.com/privacy',
      nl: '/nl/privacy',
      default: 'https://example.com/privacy',
    });
    expect(klaro.default).toBe(false);
  });

  // Klaro uses `config.lang` whenever it is set, so a fixed "en" hid the Dutch texts from Dutch
  // visitors (issue 30). Without it, Klaro follows the visitor's language.
  it('leaves the language to the visitor unless one is forced, keeping every translation', () => {
    expect(Object.keys(klaro)).not.toContain('lang');
    expect(klaroConfigScript(klaro)).not.toMatch(/"lang"/);
    expect(Object.keys(klaro.translations).sort()).toEqual(['en', 'nl', 'zz']);
    const forced = toKlaroConfig(config, config.applications, cookies, { lang: 'nl' });
    expect(forced.lang).toBe('nl');
    expect(Object.keys(forced.translations).sort()).toEqual(['en', 'nl', 'zz']);
    expect(klaroConfigScript(forced)).toContain('"lang": "nl"');
  });

  it('refuses to force a language the configuration has no texts in', () => {
    expect(() => toKlaroConfig(config, config.applications, cookies, { lang: 'de' })).toThrow(/de/);
  });

  it('links a page policy through the page URL and none at all for kind none', () => {
    const page = toKlaroConfig(
      { ...config, privacy_policy_kind: 'page', privacy_policy_page_id: 'legal/privacy' },
      config.applications,
      [],
      { pageUrl: (id) => `/pages/${id}` },
    );
    expect(page.privacyPolicy).toEqual({ default: '/pages/legal/privacy' });
    expect(page.translations.zz!.privacyPolicyUrl).toBe('/pages/legal/privacy');
    expect(page.translations.nl!.privacyPolicyUrl).toBeUndefined();
    const none = toKlaroConfig({ ...config, privacy_policy_kind: 'none' }, config.applications, []);
    expect(none.privacyPolicy).toEqual({});
  });
});

describe('klaroConfigScript', () => {
  it('is a script that defines window.klaroConfig with real regular expressions', () => {
    const klaro = toKlaroConfig(config, config.applications, cookies);
    const script = klaroConfigScript(klaro);
    const window: { klaroConfig?: unknown } = {};
    // The export is a script for the site's page: run it as a page would.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function('window', script)(window);
    const loaded = window.klaroConfig as typeof klaro;
    expect(loaded.services[0]!.cookies[0]).toBeInstanceOf(RegExp);
    expect((loaded.services[0]!.cookies[0] as RegExp).test('_ga_123')).toBe(true);
    expect(JSON.parse(JSON.stringify(loaded.translations))).toEqual(klaro.translations);
    expect(script).toContain('Include this file before klaro.js');
  });
});
