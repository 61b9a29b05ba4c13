// The access wing's tables (server/access/): users, their memberships of sites, their access
// tokens and the counter of changes to them.
// Types only; the Database they make up is in ../schema.ts.
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  created_at: string;
}

export interface MembershipsTable {
  user_id: number;
  site_id: string;
  role: string;
  created_at: string;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  /** Hex SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
  /** Generated: '' for tokens made before names (migration 014). */
  name: Generated<string>;
  /** The first characters of the secret; '' for tokens made before names. */
  prefix: Generated<string>;
  /** null: never expires. */
  expires_at: string | null;
  /** null: not revoked. */
  revoked_at: string | null;
  /** The token that minted this one (migration 018); null: the CLI, or made before. */
  minted_by: Generated<number | null>;
}

/** One row (id 1) whose counter grows with each revocation or change of a role (auth.ts). */
export interface AuthChangesTable {
  id: number;
  counter: number;
}
