// The frame's origin is opaque (sandbox without allow-same-origin): reading `document.cookie`,
// `localStorage` or `sessionStorage` there throws. Klaro stores the visitor's choices in a cookie
// and keeps a sessionStorage store beside it, so the frame replaces the three with in-memory ones
// before Klaro runs. Nothing reaches the dashboard's storage, and a new frame starts afresh.

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** Whether a `Set-Cookie`-style assignment deletes the cookie (Klaro deletes by expiring). */
function expires(attributes: readonly string[], now: number): boolean {
  for (const attribute of attributes) {
    const [name = '', value = ''] = attribute.split('=').map((part) => part.trim());
    if (/^max-age$/i.test(name) && Number(value) <= 0) return true;
    if (/^expires$/i.test(name) && Date.parse(value) <= now) return true;
  }
  return false;
}

/** A cookie jar with `document.cookie`'s text interface (name=value pairs; no paths). */
export function memoryCookieJar(now: () => number = Date.now) {
  const cookies = new Map<string, string>();
  return {
    get: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    set: (text: string) => {
      const [pair = '', ...attributes] = text.split(';');
      const at = pair.indexOf('=');
      if (at < 0) return;
      const name = pair.slice(0, at).trim();
      if (expires(attributes, now())) cookies.delete(name);
      else cookies.set(name, pair.slice(at + 1).trim());
    },
  };
}

/** Puts the in-memory stores in place of the browser's in this window. */
export function installMemoryStorage(target: Window & typeof globalThis): void {
  const jar = memoryCookieJar();
  Object.defineProperty(target.document, 'cookie', {
    configurable: true,
    get: jar.get,
    set: jar.set,
  });
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    Object.defineProperty(target, name, { configurable: true, value: memoryStorage() });
  }
}
