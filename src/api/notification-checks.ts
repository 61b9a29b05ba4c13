/**
 * Checks before sending (issue 39): `POST /notifications/{slug}/checks` with a draft (the
 * editor's unsaved fields, drafted translations and the sample). Loaded with the Checks panel
 * and the Test inbox only. A server without the route (404/405) has no checks: null.
 */
import { apiClient, isApiError } from './client';
import type { ChecksRequest } from '../../contract/schemas/notification-checks';
import {
  checksResultWireSchema,
  type ChecksResultWire,
} from '../../contract/wire/notification-checks';

/** Every key starts with the site (decision 042). */
export const checksKeys = {
  all: (site: string) => [site, 'notification-checks'] as const,
  draft: (site: string, slug: string, draft: ChecksRequest, locale: string | null) =>
    [...checksKeys.all(site), slug, locale, draft] as const,
};

export async function checkDraft(
  slug: string,
  draft: ChecksRequest,
  options: { locale?: string | null; signal?: AbortSignal } = {},
): Promise<ChecksResultWire | null> {
  try {
    const response = await apiClient.request({
      method: 'POST',
      path: `/notifications/${encodeURIComponent(slug)}/checks`,
      ...(options.locale ? { query: { locale: options.locale } } : {}),
      body: draft,
      schema: checksResultWireSchema,
      signal: options.signal,
    });
    return response.data;
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && [404, 405].includes(error.status)) {
      // 404 is also "no such notification"; the editor only asks for one it has open.
      return null;
    }
    throw error;
  }
}
