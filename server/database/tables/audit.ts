// The audit wing's tables (server/audit/): the revisions of every resource (issue 29, migration
// 013, decision 048) and the long texts of their snapshots (issue 42, migration 019).
// Types only; the Database they make up is in ../schema.ts.
import type { Generated } from 'kysely';

export interface RevisionsTable {
  id: Generated<number>;
  site_id: string;
  /** One of REVISION_RESOURCES (contract/schemas/audit.ts). */
  resource: string;
  resource_id: string;
  actor_user_id: number;
  /** The actor's e-mail when the revision was recorded. */
  actor_email: string;
  /** The token the write was made with; null for writes without one (the CLI, the seed). */
  token_id: number | null;
  created_at: string;
  /** JSON array of `{ field, before, after, before_size?, after_size? }`. */
  changes: string;
  /**
   * Notifications: JSON of the stored notification after the write, its long texts in
   * `revision_parts` (named by `$parts`, revision-snapshots.ts; whole before migration 019);
   * else null.
   */
  snapshot: string | null;
}

/** Issue 42, migration 019: each long text of a resource's snapshots, once, by SHA-256. */
export interface RevisionPartsTable {
  site_id: string;
  resource: string;
  resource_id: string;
  hash: string;
  body: string;
}
