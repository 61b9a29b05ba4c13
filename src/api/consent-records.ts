/**
 * Consent records (issue 40): the site's public consent key settings, which the Klaro export
 * needs to record. A server without consent records answers 404 (or 405): `null`, and the
 * export records nothing.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, isApiError } from './client';
import { keySite } from './key-site';
import { consentConfigWireSchema, type ConsentConfig } from '../../contract/wire/consent';

/** What the dashboard reads of `GET /settings/consent/public-key` (tolerant, decision 014). */
export const consentRecordingWireSchema = z.object({
  endpoint: z.string(),
  origins: z.array(z.string()).catch([]),
});
export type ConsentRecordingSettings = z.infer<typeof consentRecordingWireSchema>;

export const consentRecordKeys = {
  all: (site: string) => [site, 'consent-records'] as const,
  publicKey: (site: string) => [...consentRecordKeys.all(site), 'public-key'] as const,
};

export function consentRecordingQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: consentRecordKeys.publicKey(site),
    queryFn: async ({ signal }): Promise<ConsentRecordingSettings | null> => {
      try {
        const answer = await apiClient.request({
          path: '/settings/consent/public-key',
          schema: consentRecordingWireSchema,
          signal,
        });
        return answer.data;
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 405)) return null;
        throw error;
      }
    },
  });
}

// ---- The records page (/consent/records): loaded with its chunk only ----

const recordWireSchema = z.object({
  id: z.number(),
  consent_id: z.string(),
  created_at: z.string(),
  choices: z.record(z.string(), z.boolean()).catch({}),
  outcome: z.enum(['all', 'some', 'none']).catch('some'),
  config_version: z.string(),
  config_revision: z.number(),
  locale: z.string(),
  page: z.string().nullable().catch(null),
  user_agent: z.string().nullable().catch(null),
  ip_hash: z.string().catch(''),
});
export type ConsentRecordWire = z.infer<typeof recordWireSchema>;

const dayWireSchema = z.object({
  day: z.string(),
  all: z.number(),
  some: z.number(),
  none: z.number(),
});
export type ConsentRecordDayWire = z.infer<typeof dayWireSchema>;

const publicKeyWireSchema = z.object({
  key: z.string(),
  endpoint: z.string(),
  origins: z.array(z.string()).catch([]),
  retention_months: z.number(),
});
export type ConsentPublicKeyWire = z.infer<typeof publicKeyWireSchema>;

/** The service's filters (`from` inclusive, `to` exclusive, both ISO times). */
export interface ConsentRecordFilters {
  consent_id?: string;
  from?: string;
  to?: string;
  application?: string;
  locale?: string;
}

export const CONSENT_RECORDS_PAGE_SIZE = 50;

const recordKeys = {
  list: (site: string, filters: ConsentRecordFilters) =>
    [...consentRecordKeys.all(site), 'list', filters] as const,
  days: (site: string, filters: ConsentRecordFilters) =>
    [...consentRecordKeys.all(site), 'days', filters] as const,
  config: (site: string, version: number) =>
    [...consentRecordKeys.all(site), 'config', version] as const,
  settings: (site: string) => [...consentRecordKeys.all(site), 'settings'] as const,
};

/** The records, newest first, a page at a time (`before` the last id seen, as /audit). */
export function consentRecordsQueryOptions(filters: ConsentRecordFilters, site = keySite()) {
  return infiniteQueryOptions({
    queryKey: recordKeys.list(site, filters),
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam, signal }): Promise<ConsentRecordWire[]> =>
      (
        await apiClient.request({
          path: '/consent-records',
          query: { ...filters, before: pageParam, limit: CONSENT_RECORDS_PAGE_SIZE },
          schema: z.array(recordWireSchema),
          signal,
        })
      ).data,
    getNextPageParam: (page) =>
      page.length < CONSENT_RECORDS_PAGE_SIZE ? undefined : page.at(-1)?.id,
  });
}

/** Records per day (UTC) of the filter: the chart. */
export function consentRecordDaysQueryOptions(filters: ConsentRecordFilters, site = keySite()) {
  return queryOptions({
    queryKey: recordKeys.days(site, filters),
    queryFn: async ({ signal }): Promise<ConsentRecordDayWire[]> =>
      (
        await apiClient.request({
          path: '/consent-records/days',
          query: { ...filters },
          schema: z.array(dayWireSchema),
          signal,
        })
      ).data,
  });
}

/** The configuration at the version a record names; a kept version never changes. */
export function consentRecordConfigQueryOptions(version: number, site = keySite()) {
  return queryOptions({
    queryKey: recordKeys.config(site, version),
    queryFn: async ({ signal }): Promise<ConsentConfig> =>
      (
        await apiClient.request({
          path: `/consent-records/configs/${String(version)}`,
          schema: consentConfigWireSchema,
          signal,
        })
      ).data,
    staleTime: Infinity,
  });
}

/** The whole public key settings (key, endpoint, origins, retention) for the settings card. */
export function consentRecordSettingsQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: recordKeys.settings(site),
    queryFn: async ({ signal }): Promise<ConsentPublicKeyWire> =>
      (
        await apiClient.request({
          path: '/settings/consent/public-key',
          schema: publicKeyWireSchema,
          signal,
        })
      ).data,
  });
}

/** `PATCH /settings/consent/public-key` (admins): origins (the whole list) and retention. */
export async function updateConsentRecordSettings(change: {
  origins?: string[];
  retention_months?: number;
}): Promise<ConsentPublicKeyWire> {
  return (
    await apiClient.request({
      method: 'PATCH',
      path: '/settings/consent/public-key',
      body: change,
      schema: publicKeyWireSchema,
    })
  ).data;
}

/** `POST /settings/consent/public-key/rotate` (admins): banners with the old key stop recording. */
export async function rotateConsentKey(): Promise<ConsentPublicKeyWire> {
  return (
    await apiClient.request({
      method: 'POST',
      path: '/settings/consent/public-key/rotate',
      schema: publicKeyWireSchema,
    })
  ).data;
}

/** `DELETE /consent-records?consent_id=` (admins, audited): how many records went. */
export async function eraseConsentRecords(consentId: string): Promise<number> {
  return (
    await apiClient.request({
      method: 'DELETE',
      path: '/consent-records',
      query: { consent_id: consentId },
      schema: z.object({ deleted: z.number() }),
    })
  ).data.deleted;
}

/**
 * One record by id, for a shared link to its detail: the one record below `id + 1` (the list's
 * own paging), or null when this site has no record with that id.
 */
export function consentRecordQueryOptions(id: number, site = keySite()) {
  return queryOptions({
    queryKey: [...consentRecordKeys.all(site), 'record', id] as const,
    queryFn: async ({ signal }): Promise<ConsentRecordWire | null> => {
      const answer = await apiClient.request({
        path: '/consent-records',
        query: { before: id + 1, limit: 1 },
        schema: z.array(recordWireSchema),
        signal,
      });
      const record = answer.data[0];
      return record?.id === id ? record : null;
    },
  });
}

/** `GET /consent-records/export` of the filters: the CSV text (columns in the API docs). */
export async function fetchConsentRecordsCsv(filters: ConsentRecordFilters): Promise<string> {
  return (
    await apiClient.request({
      path: '/consent-records/export',
      query: { ...filters },
      schema: z.string(),
      text: true,
    })
  ).data;
}
