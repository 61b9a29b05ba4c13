import { describe, expect, it } from 'vitest';
import type { ConsentConfig } from '../../../../contract/wire/consent';
import { installConsentMode } from '../consent-mode';
import { consentModeSignals } from './consent-mode-signals';

function app(name: string, purposes: string[], required = false) {
  return { name, purposes, required } as unknown as ConsentConfig['applications'][number];
}

const config = {
  consent_mode: {
    ad_storage: ['marketing'],
    analytics_storage: ['analytics'],
    ad_user_data: ['marketing'],
    ad_personalization: [],
  },
  applications: [
    app('google-analytics', ['analytics']),
    app('hotjar', ['analytics']),
    app('facebook-pixel', ['marketing']),
    app('session', ['essential'], true),
  ],
} as unknown as ConsentConfig;

/** What the banner's own code (installConsentMode) sends last for these choices. */
async function bannerState(choices: Record<string, boolean>): Promise<unknown> {
  const target: { dataLayer?: unknown[] } = {};
  const callback = installConsentMode(config.consent_mode ?? {}, target);
  for (const application of config.applications) {
    callback(application.required || choices[application.name] === true, application);
  }
  await Promise.resolve();
  const last = Array.from((target.dataLayer ?? []).at(-1) as ArrayLike<unknown>);
  const state = { ...(last[2] as Record<string, unknown>) };
  delete state.wait_for_update;
  return state;
}

describe('consentModeSignals', () => {
  it('is null when Consent Mode was off in the configuration shown', () => {
    expect(consentModeSignals({ ...config, consent_mode: null }, {})).toBeNull();
  });

  it.each<Record<string, boolean>>([
    { 'google-analytics': true, hotjar: true, 'facebook-pixel': true },
    { 'google-analytics': true, hotjar: false, 'facebook-pixel': true },
    { 'google-analytics': true, hotjar: true, 'facebook-pixel': false },
    { 'google-analytics': false, hotjar: false, 'facebook-pixel': false },
    {},
  ])('says what the banner itself sends for %o', async (choices) => {
    expect(consentModeSignals(config, choices)).toEqual(await bannerState(choices));
  });

  it('grants analytics only when every analytics application was accepted', () => {
    expect(consentModeSignals(config, { 'google-analytics': true, hotjar: false })).toMatchObject({
      analytics_storage: 'denied',
      ad_personalization: 'denied',
    });
    expect(consentModeSignals(config, { 'google-analytics': true, hotjar: true })).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
    });
  });
});
