import { z } from 'zod';
import { databaseIdSchema, dateTimeSchema, textSchema } from './common';

/**
 * Revisions (issue 29): every successful write records one, in the same transaction.
 * `GET /audit?resource=&resource_id=&actor=&before=&limit=` lists the site's, newest first
 * (`actor` is an e-mail; `before` a revision id: the page after the last one seen).
 * `GET /notifications/{slug}/revisions` lists one template's, and
 * `GET /notifications/{slug}/revisions/{id}` answers the notification as it was after it.
 */
export const REVISION_RESOURCES = [
  'app',
  'consent',
  'notification',
  'site_settings',
  'member',
  'layout',
  'snippet',
  'consent_records',
  'alert',
] as const;
export const revisionResourceSchema = z.enum(REVISION_RESOURCES);
export type RevisionResource = z.infer<typeof revisionResourceSchema>;

/** A value larger than this (as JSON, in bytes) is kept cut, with its size. */
export const MAX_CHANGE_VALUE_BYTES = 16_384;

export const revisionChangeSchema = z.object({
  /** A field of the resource, dotted for nested ones (`translations.nl.html`). */
  field: z.string(),
  /** null when the field did not exist before (or after). */
  before: z.unknown(),
  after: z.unknown(),
  /** Set when that side was cut to MAX_CHANGE_VALUE_BYTES: its whole size in bytes, as JSON. */
  before_size: z.number().int().optional(),
  after_size: z.number().int().optional(),
});
export type RevisionChange = z.infer<typeof revisionChangeSchema>;

export const revisionSchema = z.object({
  id: z.number().int(),
  resource: revisionResourceSchema,
  /** The app's id, the notification's slug, the member's user id; the site's id for site-wide ones. */
  resource_id: z.string(),
  actor: z.object({ id: z.number().int(), email: z.string() }),
  created_at: dateTimeSchema,
  changes: z.array(revisionChangeSchema),
});
export type Revision = z.infer<typeof revisionSchema>;
export const revisionListSchema = z.array(revisionSchema);

export const MAX_AUDIT_LIMIT = 200;
export const auditQuerySchema = z.object({
  resource: revisionResourceSchema.optional(),
  // Text the store looks up never holds U+0000 (PostgreSQL refuses it: a 500 before this).
  resource_id: textSchema().max(200).optional(),
  actor: textSchema().max(320).optional(),
  // An id cursor, bounded to what the column holds (issue 42: PostgreSQL's 500 past it).
  before: databaseIdSchema().optional(),
  limit: z.coerce.number().int().min(1).max(MAX_AUDIT_LIMIT).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
