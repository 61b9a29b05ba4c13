import { z } from 'zod';

/**
 * A member's role on a site (issue 29). Each role can do what the one before it can:
 * `viewer` reads everything and watches logs; `editor` also changes notifications and consent
 * and ingests log entries (issue 42: ingestion is a write);
 * `admin` also changes apps, the site's settings and its members.
 */
export const ROLES = ['viewer', 'editor', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** What a write needs: each resource's writes need one role (the service's and the dashboard's table). */
export const ROLE_FOR_WRITE = {
  notification: 'editor',
  consent: 'editor',
  log: 'editor',
  /** Alerts on the logs (issue 41). */
  alert: 'editor',
  app: 'admin',
  site_settings: 'admin',
  member: 'admin',
  /** Rotating the public key, the origins and retention, erasing a visitor's records. */
  consent_records: 'admin',
} as const satisfies Record<string, Role>;
export type WritableResource = keyof typeof ROLE_FOR_WRITE;

/** Whether `role` may do what `needed` may. */
export function roleAllows(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/**
 * The error detail of a 403 for a write beyond the member's role: `field` is `role`, `code`
 * `role_required`, and `value` the role the write needs.
 */
export const ROLE_REQUIRED_CODE = 'role_required';
