import { z } from 'zod';
import { browserStorage, readJson } from './browser-storage';

// The draft key needs the site. Features may not import the shell (src/app), so this reads the
// site from the connection the shell stores under its documented key; unknown → one shared scope.
const CONNECTION_KEY = 'site-console.connection';
const siteOnly = z.object({ site: z.string().min(1) });

export function currentSite(): string {
  const parsed = siteOnly.safeParse(readJson(browserStorage(), CONNECTION_KEY));
  return parsed.success ? parsed.data.site : 'default';
}
