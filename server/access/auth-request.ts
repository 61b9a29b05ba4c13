// What the auth hook (auth.ts) reads from a request's headers (the bearer token, the site, the key
// of its cached answer) and the 403 it gives a member whose role is below a write's.
import type { IncomingHttpHeaders } from 'node:http';
import { ROLE_REQUIRED_CODE, type Role } from '../../contract/schemas/role';
import { fieldError, HttpError } from '../http/errors';

/** The 403 of a write beyond the member's role, naming the role it needs. */
export function roleRequired(needed: Role, role: Role): HttpError {
  // "an admin", "an editor", "a viewer": the article of the role's first sound.
  const article = /^[aeiou]/.test(role) ? 'an' : 'a';
  const message = `This needs the ${needed} role; you are ${article} ${role}`;
  return new HttpError(403, message, [
    fieldError({
      resource: 'member',
      field: 'role',
      message,
      code: ROLE_REQUIRED_CODE,
      value: needed,
    }),
  ]);
}

export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const header = headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export function siteHeader(headers: IncomingHttpHeaders): string | undefined {
  const value = headers['x-service-site'];
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The key of a request's cached authority: the raw `Authorization` and `X-Service-Site` values
 * (null when a header is repeated: not cached), or the token's alone for `config.auth: 'user'`.
 * Raw values, so a hit needs neither the Bearer pattern nor the trim: a request whose headers
 * differ by a space is a miss, looked up the long way and cached under its own key.
 */
export function authorityKey(
  headers: IncomingHttpHeaders,
  scope: 'user' | undefined,
): string | null {
  const { authorization } = headers;
  if (typeof authorization !== 'string') return null;
  if (scope === 'user') return `${authorization}\u0001`;
  const site = headers['x-service-site'];
  return typeof site === 'string' ? `${authorization}\u0000${site}` : null;
}
