// Google Consent Mode v2 for a Klaro banner (decision 054). Klaro 0.7 has no Consent Mode of its
// own; this is the usual wiring: `gtag('consent', 'default', …denied)` before any Google tag
// loads, then `gtag('consent', 'update', …)` from Klaro's top-level `callback` whenever the
// visitor's choices change what a signal should be.

/** Signal → purposes, as the service stores it (`consent_mode`). */
export type ConsentModeMapping = Partial<Record<string, readonly string[]>>;

/** What Klaro passes its `callback` (the service object of the configuration). */
export interface KlaroCallbackService {
  name: string;
  purposes?: readonly string[];
}

/** The window the installer writes to: Google's `dataLayer` and `gtag`. */
export interface ConsentModeWindow {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
}

/**
 * Calls `gtag('consent', 'default', …)` with every signal denied (defining `dataLayer` and
 * `gtag` if the page has not yet) and returns Klaro's `callback`. A signal is granted when at
 * least one service serves one of its purposes and the visitor consented to every such service
 * (a purpose half accepted is not consent to it); unmapped signals stay denied. Klaro calls the
 * callback once per service in one go, so the update is sent once, after the last one, and only
 * when a signal changed.
 *
 * SELF-CONTAINED ON PURPOSE: no imports, no outer variables, plain ES2017 inside. The export
 * writes this function's source text into klaro-config.js (klaroConfigScript) and the preview
 * frame calls it directly, so the site and the preview run the same code.
 */
export function installConsentMode(
  mapping: ConsentModeMapping,
  target: ConsentModeWindow,
): (consent: boolean, service: KlaroCallbackService) => void {
  const signals = ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization'];
  const dataLayer = (target.dataLayer = target.dataLayer || []);
  if (typeof target.gtag !== 'function') {
    target.gtag = function gtag() {
      // gtag.js reads the Arguments object itself, not an array copy of it.
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
  }
  const gtag = target.gtag;
  const stateOf = (granted: (signal: string) => boolean) => {
    const state: Record<string, 'granted' | 'denied'> = {};
    for (const signal of signals) state[signal] = granted(signal) ? 'granted' : 'denied';
    return state;
  };
  let sent = JSON.stringify(stateOf(() => false));
  gtag('consent', 'default', { ...stateOf(() => false), wait_for_update: 500 });

  const services: Record<string, { consent: boolean; purposes: readonly string[] }> = {};
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const state = stateOf((signal) => {
      const purposes = mapping[signal] || [];
      const serving = Object.keys(services)
        .map((name) => services[name])
        .filter((entry) => entry !== undefined)
        .filter((entry) => entry.purposes.some((purpose) => purposes.includes(purpose)));
      return serving.length > 0 && serving.every((entry) => entry.consent);
    });
    const key = JSON.stringify(state);
    if (key === sent) return;
    sent = key;
    gtag('consent', 'update', state);
  };
  return (consent, service) => {
    services[service.name] = { consent, purposes: service.purposes || [] };
    if (scheduled) return;
    scheduled = true;
    void Promise.resolve().then(flush);
  };
}
