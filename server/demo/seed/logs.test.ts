import { describe, expect, it } from 'vitest';
import { logIngestEntrySchema, LOG_LEVELS } from '../../../contract/schemas/app-log';
import { seeded } from '../seeded-random.test-helper';
import { demoLogEntry } from './logs';

describe('demo log entries', () => {
  it('are valid ingestion entries covering every level, some from jobs', () => {
    const random = seeded(7);
    const entries = Array.from({ length: 2000 }, () => demoLogEntry('storefront', random));
    for (const entry of entries) expect(logIngestEntrySchema.safeParse(entry).success).toBe(true);
    expect(new Set(entries.map((entry) => entry.level))).toEqual(new Set(LOG_LEVELS));
    const jobs = entries.filter((entry) => {
      const job = (entry.context as { job?: { name?: string } } | null | undefined)?.job;
      return job?.name === 'sync-inventory' || job?.name === 'send-digest';
    });
    expect(jobs.length).toBeGreaterThan(200);
    expect(entries.some((entry) => typeof entry.data === 'string')).toBe(true);
  });
});
