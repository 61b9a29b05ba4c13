// Issue 29: a crafted sign-in link (`#token=x&site=demo&api=https://elsewhere/api`) once repointed
// a signed-in dashboard to another server silently, and the "session ended" form that followed
// offered that server's URL, so the admin typed the real token into it. These rules decide when
// the dashboard asks first and what the form may pre-fill.

/** An API URL as compared: its origin (scheme and host lower-cased) and path without trailing slashes. */
export function normalizeApiUrl(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  try {
    const parsed = new URL(trimmed);
    return parsed.origin + parsed.pathname.replace(/\/+$/, '');
  } catch {
    return trimmed;
  }
}

/**
 * The link's API URL when it is not the one in use (`current`): the dashboard must ask before
 * switching; null when the link names no API or the same one.
 */
export function linkApiToConfirm(linkApi: string | null, current: string): string | null {
  if (linkApi === null || linkApi.trim() === '') return null;
  return normalizeApiUrl(linkApi) === normalizeApiUrl(current) ? null : linkApi.trim();
}

export interface LastConnection {
  baseUrl: string;
  /** The API URL came from a sign-in link's `api=`. */
  fromLink?: boolean;
}

/**
 * The API URL the sign-in form starts with: the last one used, except after a 401 ("session
 * ended") when that one came from a link: then this dashboard's own API.
 */
export function prefillApiUrl(
  last: LastConnection | null,
  reason: string | undefined,
  ownApi: string,
): string {
  return !last || (reason === 'expired' && last.fromLink) ? ownApi : last.baseUrl;
}
