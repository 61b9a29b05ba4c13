import type { KeyValueStorage } from './browser-storage';

/** A real in-memory key-value store with `localStorage`'s semantics, for tests in Node. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  entries: Map<string, string>;
} {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}
