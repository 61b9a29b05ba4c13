// Log entries written through the service's API, as an app would send them.
import { expect, type ApiFetch } from './fixtures';

/** What the service answers for each ingested entry. */
export interface StoredEntry {
  id: string;
  level: string;
  time: number;
}

/** What an app sends for one entry (`POST /apps/{key}/logs`). */
export interface IngestEntry {
  level: string;
  data: Record<string, unknown> | string;
  context?: Record<string, unknown> | null;
  created_at?: string;
}

/** Ingests `logs` into `app` in requests of up to 1,000 entries (the service's limit). */
export async function ingestLogs(
  api: ApiFetch,
  app: string,
  logs: IngestEntry[],
): Promise<StoredEntry[]> {
  const stored: StoredEntry[] = [];
  for (let offset = 0; offset < logs.length; offset += 1000) {
    const response = await api(`/apps/${app}/logs`, {
      method: 'POST',
      body: JSON.stringify({ logs: logs.slice(offset, offset + 1000) }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    stored.push(...((await response.json()) as StoredEntry[]));
  }
  return stored;
}
