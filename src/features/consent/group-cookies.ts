import type { ConsentApplication } from '../../../contract/wire/consent';
import type { CheckedCookie } from './consent-check-model';

export interface CookieGroup {
  application: string;
  exists: boolean;
  cookies: CheckedCookie[];
}

/** Groups in application order; cookies of unknown applications come last, per application. */
export function groupCookies(
  cookies: readonly CheckedCookie[],
  applications: readonly Pick<ConsentApplication, 'name'>[],
): CookieGroup[] {
  const names = [...new Set(applications.map((app) => app.name))];
  const groups: CookieGroup[] = names.map((application) => ({
    application,
    exists: true,
    cookies: cookies.filter((cookie) => cookie.application === application),
  }));
  const known = new Set(names);
  for (const cookie of cookies) {
    if (known.has(cookie.application)) continue;
    let group = groups.find((g) => !g.exists && g.application === cookie.application);
    if (!group) {
      group = { application: cookie.application, exists: false, cookies: [] };
      groups.push(group);
    }
    group.cookies.push(cookie);
  }
  return groups.filter((group) => group.cookies.length > 0);
}
