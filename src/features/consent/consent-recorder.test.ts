import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { ConsentApplication, ConsentConfig } from '../../../contract/wire/consent';
import { klaroConfigScript, toKlaroConfig } from './klaro-export';

const application: ConsentApplication = {
  name: 'analytics',
  title: { en: 'Analytics' },
  description: {},
  purposes: ['statistics'],
  required: false,
  default: false,
  opt_out: false,
  placeholder_message: {},
  placeholder_action: {},
  cookies: [],
};
const applications = [application, { ...application, name: 'ads', purposes: ['marketing'] }];
const config: ConsentConfig = {
  privacy_policy_kind: 'none',
  privacy_policy_url: {},
  privacy_policy_page_id: null,
  purposes: [
    { name: 'statistics', description: {} },
    { name: 'marketing', description: {} },
  ],
  applications,
  cookies: [],
  consent_mode: { analytics_storage: ['statistics'] },
};
const ENDPOINT = 'https://console.example.com/api/public/sites/demo/consent-records?key=pk_x';

type Callback = (consent: boolean, service: { name: string; purposes?: string[] }) => void;

/** The site's window as the exported file sees it, with a beacon that keeps what it sent. */
function siteWindow(beaconAnswer = true) {
  const storage = new Map<string, string>();
  const beacons: Array<{ url: string; body: Record<string, unknown> }> = [];
  const fetches: Array<{ url: string; init: Record<string, unknown> }> = [];
  const window = {
    document: { cookie: '', documentElement: { lang: 'nl-NL' } },
    location: { origin: 'https://shop.example.com', pathname: '/cart' },
    navigator: {
      language: 'en-US',
      sendBeacon: (url: string, data: string) => {
        beacons.push({ url, body: JSON.parse(data) as Record<string, unknown> });
        return beaconAnswer;
      },
    },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    },
    crypto: { randomUUID: () => '0b5e6a5c-7d1e-4f6b-9c3a-1d2e3f4a5b6c' },
    fetch: (url: string, init: Record<string, unknown>) => {
      fetches.push({ url, init });
      return Promise.resolve({});
    },
    klaroConfig: undefined as { callback?: Callback } | undefined,
  };
  return { window, beacons, fetches };
}

async function choose(callback: Callback, consents: Record<string, boolean>): Promise<void> {
  for (const app of applications) callback(consents[app.name] ?? false, app);
  await Promise.resolve();
  await Promise.resolve();
}

function exported(): string {
  return klaroConfigScript(toKlaroConfig(config, applications, []), {
    endpoint: ENDPOINT,
    configVersion: 'etag-1',
  });
}

describe('the recording Klaro export', () => {
  it('records each decided choice once, by beacon, with the config version', async () => {
    const { window, beacons } = siteWindow();
    runInNewContext(exported(), { window, Promise, JSON, Uint8Array, Math, Array, Boolean });
    const callback = window.klaroConfig?.callback;
    if (!callback) throw new Error('the export set no callback');

    // Klaro applies the defaults on load, before the visitor decided: nothing is recorded.
    await choose(callback, {});
    expect(beacons).toHaveLength(0);

    window.document.cookie = 'klaro=%7B%7D';
    await choose(callback, { analytics: true, ads: true });
    expect(beacons).toEqual([
      {
        url: ENDPOINT,
        body: {
          consent_id: '0b5e6a5c-7d1e-4f6b-9c3a-1d2e3f4a5b6c',
          choices: { analytics: true, ads: true },
          config_version: 'etag-1',
          locale: 'nl',
          page: 'https://shop.example.com/cart',
        },
      },
    ]);
    // The next page applies the same stored consents: not recorded again.
    await choose(callback, { analytics: true, ads: true });
    expect(beacons).toHaveLength(1);
    await choose(callback, {});
    expect(beacons[1]?.body).toMatchObject({
      consent_id: '0b5e6a5c-7d1e-4f6b-9c3a-1d2e3f4a5b6c',
      choices: { analytics: false, ads: false },
    });
  });

  it('falls back to fetch with keepalive when the beacon is refused', async () => {
    const { window, fetches } = siteWindow(false);
    runInNewContext(exported(), { window, Promise, JSON, Uint8Array, Math, Array, Boolean });
    window.document.cookie = 'other=1; klaro=%7B%7D';
    const callback = window.klaroConfig?.callback;
    if (!callback) throw new Error('the export set no callback');
    await choose(callback, { analytics: true });
    expect(fetches).toHaveLength(1);
    expect(fetches[0]?.init).toMatchObject({ method: 'POST', keepalive: true });
  });

  it('keeps the Consent Mode updates beside the recording', async () => {
    const { window } = siteWindow();
    const site = window as typeof window & { dataLayer?: unknown[] };
    runInNewContext(exported(), { window, Promise, JSON, Uint8Array, Math, Array, Boolean });
    window.document.cookie = 'klaro=1';
    const callback = window.klaroConfig?.callback;
    if (!callback) throw new Error('the export set no callback');
    await choose(callback, { analytics: true });
    const calls = (site.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
    expect(calls.at(-1)).toEqual([
      'consent',
      'update',
      expect.objectContaining({ analytics_storage: 'granted' }),
    ]);
  });

  it('does not record without recording settings (what the preview uses)', () => {
    const script = klaroConfigScript(toKlaroConfig(config, applications, []));
    expect(script).not.toContain('sendBeacon');
    expect(script).not.toContain('consent-records');
  });
});
