// The link printed by `npm start` (`/#token=…&site=…`) signs in at once. The token is taken out of
// the address bar before anything renders and replaces the current history entry, so it never
// stays in the history; it is kept in memory until the sign-in page has checked it.

export interface SignInLink {
  token: string;
  site: string;
  /** Optional `api=` in the link; defaults to this origin's `/api`. */
  baseUrl: string | null;
}

let pending: SignInLink | null = null;

/** Reads and removes `#token=…&site=…`; returns the sign-in URL to continue at, or null. */
export function takeSignInLinkFromLocation(): string | null {
  const hash = window.location.hash.replace(/^#/, '');
  if (!hash) return null;
  const params = new URLSearchParams(hash);
  const token = params.get('token');
  if (!token) return null;
  pending = { token, site: params.get('site') ?? '', baseUrl: params.get('api') };
  const { pathname, search } = window.location;
  const target = pathname === '/' || pathname === '/sign-in' ? null : `${pathname}${search}`;
  const url = target ? `/sign-in?redirect=${encodeURIComponent(target)}` : '/sign-in';
  window.history.replaceState(null, '', url);
  return url;
}

/** The link waiting to be checked; taken once. */
export function consumePendingSignInLink(): SignInLink | null {
  const link = pending;
  pending = null;
  return link;
}

export function hasPendingSignInLink(): boolean {
  return pending !== null;
}
