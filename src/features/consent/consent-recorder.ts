// Proof of consent from an exported Klaro banner (issue 40, decision 064): Klaro's top-level
// `callback` runs once per service whenever consents are applied; after the last one, when the
// visitor has decided (Klaro's cookie is set) and the choices differ from what this browser last
// recorded, one record goes to the site's public consent endpoint.

/** Where and what the banner records: written into klaro-config.js by the export. */
export interface ConsentRecording {
  /** `…/api/public/sites/{site}/consent-records?key=…` (a beacon sends no headers). */
  endpoint: string;
  /** The ETag of the configuration the banner was exported from, without quotes. */
  configVersion: string;
  /** Klaro's cookie: present once the visitor decided. */
  cookieName: string;
}

/** What the recorder reads of the page (a window in a browser). */
export interface RecorderWindow {
  document: { cookie: string; documentElement: { lang: string } };
  location: { origin: string; pathname: string };
  navigator: { language?: string; sendBeacon?: (url: string, data: string) => boolean };
  localStorage?: {
    getItem: (key: string) => string | null;
    setItem: (key: string, value: string) => void;
  };
  crypto?: { randomUUID?: () => string; getRandomValues?: <T extends Uint8Array>(array: T) => T };
  fetch?: (url: string, init: Record<string, unknown>) => Promise<unknown>;
}

/**
 * Returns Klaro's `callback`. The consent id is made here and kept in localStorage (a beacon
 * cannot read the answer), so every record of this browser has the same id; the choices go out
 * with `navigator.sendBeacon` (text/plain: no preflight), or `fetch` with `keepalive` when the
 * beacon is refused. Nothing is recorded before the visitor decided, nor twice for the same
 * choices (Klaro applies the stored consents on every page). Required services are left out.
 *
 * SELF-CONTAINED ON PURPOSE: no imports, no outer variables, plain ES2019 inside. The export
 * writes this function's source text into klaro-config.js; the dashboard's preview never calls
 * it (the preview never records).
 */
export function installConsentRecorder(
  recording: ConsentRecording,
  target: RecorderWindow,
): (consent: boolean, service: { name: string; required?: boolean }) => void {
  const storageKey = 'site-console-consent';
  const choices: Record<string, boolean> = {};
  let scheduled = false;
  const read = (): { id?: string; choices?: string } => {
    try {
      return JSON.parse(
        (target.localStorage && target.localStorage.getItem(storageKey)) || '{}',
      ) as {
        id?: string;
        choices?: string;
      };
    } catch {
      return {};
    }
  };
  const newId = (): string => {
    const crypto = target.crypto;
    if (crypto && crypto.randomUUID) return crypto.randomUUID();
    const bytes = new Uint8Array(16);
    if (crypto && crypto.getRandomValues) crypto.getRandomValues(bytes);
    else for (let i = 0; i < 16; i += 1) bytes[i] = Math.floor(Math.random() * 256);
    return Array.prototype.map.call(bytes, (b: number) => (b + 256).toString(16).slice(1)).join('');
  };
  const decided = (): boolean =>
    target.document.cookie
      .split(';')
      .some((part) => part.trim().indexOf(recording.cookieName + '=') === 0);
  const send = (): void => {
    scheduled = false;
    if (!decided()) return;
    const last = read();
    const key = JSON.stringify(choices);
    if (last.choices === key) return;
    const id = last.id || newId();
    const language = target.document.documentElement.lang || target.navigator.language || 'en';
    const body = JSON.stringify({
      consent_id: id,
      choices: JSON.parse(key) as Record<string, boolean>,
      config_version: recording.configVersion,
      locale: language.toLowerCase().split('-')[0] || 'en',
      page: target.location.origin + target.location.pathname,
    });
    try {
      if (target.localStorage)
        target.localStorage.setItem(storageKey, JSON.stringify({ id, choices: key }));
    } catch {
      // A browser without storage records every time instead of once.
    }
    let sent: boolean;
    try {
      sent = Boolean(
        target.navigator.sendBeacon && target.navigator.sendBeacon(recording.endpoint, body),
      );
    } catch {
      sent = false;
    }
    if (!sent && target.fetch) {
      target
        .fetch(recording.endpoint, {
          method: 'POST',
          body,
          keepalive: true,
          mode: 'cors',
          credentials: 'omit',
          headers: { 'Content-Type': 'text/plain' },
        })
        .catch(() => undefined);
    }
  };
  return (consent, service) => {
    // A required service is on whatever the visitor chose: its "consent" proves nothing.
    if (service.required) return;
    choices[service.name] = consent;
    if (scheduled) return;
    scheduled = true;
    void Promise.resolve().then(send);
  };
}
