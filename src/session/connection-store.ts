import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import type { Connection } from '../api/client';

// The connection lives in localStorage (per browser); "sign out" forgets it. The last API URL and
// site are kept apart, without the token, so the sign-in form can be prefilled after a sign-out.
const CONNECTION_KEY = 'site-console.connection';
const LAST_KEY = 'site-console.last';

const connectionSchema = z.object({
  baseUrl: z.string().check(z.minLength(1)),
  token: z.string().check(z.minLength(1)),
  site: z.string().check(z.minLength(1)),
});
const lastSchema = z.object({
  baseUrl: z.string(),
  site: z.string(),
  fromLink: z.optional(z.boolean()),
});

function readJson<T>(key: string, schema: z.ZodMiniType<T>): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const parsed = z.safeParse(schema, JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

let current: Connection | null =
  typeof window === 'undefined' ? null : readJson(CONNECTION_KEY, connectionSchema);
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function getConnection(): Connection | null {
  return current;
}

/**
 * `fromLink`: the API URL came from a sign-in link's `api=`; the form after a 401 then does not
 * offer it again (link-api.ts).
 */
export function setConnection(connection: Connection, options: { fromLink?: boolean } = {}): void {
  const normalized = { ...connection, baseUrl: connection.baseUrl.replace(/\/+$/, '') };
  window.localStorage.setItem(CONNECTION_KEY, JSON.stringify(normalized));
  const previous = readJson(LAST_KEY, lastSchema);
  // A site switch keeps where the API URL came from.
  const fromLink =
    options.fromLink ?? (previous?.baseUrl === normalized.baseUrl && previous.fromLink);
  window.localStorage.setItem(
    LAST_KEY,
    JSON.stringify({ baseUrl: normalized.baseUrl, site: normalized.site, fromLink }),
  );
  current = normalized;
  emit();
}

export function clearConnection(): void {
  window.localStorage.removeItem(CONNECTION_KEY);
  current = null;
  emit();
}

/** API URL and site of the last connection, for prefilling the sign-in form. */
export function getLastConnection(): {
  baseUrl: string;
  site: string;
  fromLink?: boolean;
} | null {
  return readJson(LAST_KEY, lastSchema);
}

export function defaultBaseUrl(): string {
  return `${window.location.origin}/api`;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing out or changing the token changes this tab too. Another tab switching site
// does not: this tab's address names its own site (decision 051), and following the other tab
// would make the two switch each other back on every navigation. The stored site stays the one
// chosen last, which site-less addresses and new tabs open on.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== CONNECTION_KEY && event.key !== null) return;
    const stored = readJson(CONNECTION_KEY, connectionSchema);
    if (stored && current && sameCredentials(stored, current)) return;
    current = stored;
    emit();
  });
}

function sameCredentials(a: Connection, b: Connection): boolean {
  return a.baseUrl === b.baseUrl && a.token === b.token;
}

export function useConnection(): Connection | null {
  return useSyncExternalStore(subscribe, getConnection, getConnection);
}

/** For components that only render inside the signed-in frame. */
export function useRequiredConnection(): Connection {
  const connection = useConnection();
  if (!connection) throw new Error('useRequiredConnection used outside the signed-in frame');
  return connection;
}
