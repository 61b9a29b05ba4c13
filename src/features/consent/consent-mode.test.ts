import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { ConsentApplication, ConsentConfig } from '../../../contract/wire/consent';
import { installConsentMode, type ConsentModeWindow } from './consent-mode';
import { klaroConfigScript, toKlaroConfig } from './klaro-export';

const app = (name: string, purposes: string[]): ConsentApplication => ({
  name,
  title: { en: name },
  description: {},
  purposes,
  required: false,
  default: false,
  opt_out: false,
  placeholder_message: {},
  placeholder_action: {},
  cookies: [],
});
const applications = [
  app('google-analytics', ['analytics']),
  app('hotjar', ['analytics']),
  app('facebook-pixel', ['marketing']),
];
const config: ConsentConfig = {
  privacy_policy_kind: 'none',
  privacy_policy_url: {},
  privacy_policy_page_id: null,
  purposes: [
    { name: 'analytics', description: { en: 'Counting visits' } },
    { name: 'marketing', description: { en: 'Ads' } },
  ],
  applications,
  cookies: [],
  consent_mode: {
    analytics_storage: ['analytics'],
    ad_storage: ['marketing'],
    ad_user_data: ['marketing'],
  },
};

const DENIED = {
  ad_storage: 'denied',
  analytics_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
};

/** The dataLayer's entries as plain lists (gtag pushes Arguments objects). */
const calls = (target: ConsentModeWindow) =>
  (target.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));

/** Klaro calls the callback once per service, then the update goes out after a microtask. */
async function choose(
  callback: (consent: boolean, service: { name: string; purposes?: string[] }) => void,
  consents: Record<string, boolean>,
) {
  for (const service of applications) callback(consents[service.name] ?? false, service);
  await Promise.resolve();
}

describe('the Consent Mode mapping in the Klaro export', () => {
  it('is absent from the export when off, as before', () => {
    const klaro = toKlaroConfig({ ...config, consent_mode: null }, applications, []);
    expect(klaro).not.toHaveProperty('consentMode');
    const script = klaroConfigScript(klaro);
    expect(script).not.toContain('gtag');
    expect(script).not.toContain('callback');
  });

  it('runs on the site as exported: default all denied, then one update per change', async () => {
    const script = klaroConfigScript(toKlaroConfig(config, applications, []));
    // The site's window: what the exported file sees, with nothing of this module in scope.
    const window: ConsentModeWindow & {
      klaroConfig?: { consentMode?: unknown; callback?: Parameters<typeof choose>[0] };
    } = {};
    runInNewContext(script, { window, Promise });
    expect(window.klaroConfig?.consentMode).toEqual(config.consent_mode);
    expect(calls(window)).toEqual([['consent', 'default', { ...DENIED, wait_for_update: 500 }]]);
    const callback = window.klaroConfig?.callback;
    if (callback === undefined) throw new Error('the export set no callback');

    // Klaro applies the stored (empty) consents on load: nothing changes, nothing is sent.
    await choose(callback, {});
    expect(calls(window)).toHaveLength(1);

    await choose(callback, { 'google-analytics': true, hotjar: true, 'facebook-pixel': true });
    expect(calls(window)[1]).toEqual([
      'consent',
      'update',
      {
        ad_storage: 'granted',
        analytics_storage: 'granted',
        ad_user_data: 'granted',
        // Mapped to no purpose: never granted.
        ad_personalization: 'denied',
      },
    ]);
    // Only one of the two analytics services: analytics is not consented as a purpose.
    await choose(callback, { 'google-analytics': true, 'facebook-pixel': true });
    expect(calls(window)[2]).toEqual([
      'consent',
      'update',
      { ...DENIED, ad_storage: 'granted', ad_user_data: 'granted' },
    ]);
    await choose(callback, { 'google-analytics': true, 'facebook-pixel': true });
    expect(calls(window)).toHaveLength(3);
    await choose(callback, {});
    expect(calls(window)[3]).toEqual(['consent', 'update', DENIED]);
  });

  it("uses the page's own gtag when it has one", async () => {
    const seen: unknown[][] = [];
    const target: ConsentModeWindow = { gtag: (...args) => seen.push(args) };
    const callback = installConsentMode({ analytics_storage: ['analytics'] }, target);
    await choose(callback, { 'google-analytics': true, hotjar: true });
    expect(seen).toEqual([
      ['consent', 'default', { ...DENIED, wait_for_update: 500 }],
      ['consent', 'update', { ...DENIED, analytics_storage: 'granted' }],
    ]);
    expect(target.dataLayer).toEqual([]);
  });
});
