// The apps wing's table (server/apps/): each app of a site and what its last compile said.
// Types only; the Database they make up is in ../schema.ts.
import type { Generated } from 'kysely';

export interface AppsTable {
  id: Generated<number>;
  site_id: string;
  key: string;
  name: string;
  url: string;
  domain: string;
  callback_url: string;
  internal: number;
  /** JSON array of scope names. */
  install_scopes: string;
  sdk_version: string;
  compiled_at: string | null;
  /** JSON arrays (compile errors, functions, routes, callbacks, jobs, schedules). */
  compile_errors: string;
  functions: string;
  routes: string;
  callbacks: string;
  jobs: string;
  schedules: string;
  created_at: string;
  updated_at: string;
  /** Bumped on every real change; the ETag is derived from it. */
  version: number;
}
