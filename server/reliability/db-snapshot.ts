/**
 * "A failed write changes nothing", checked from outside the service: a read-only connection
 * to its SQLite file. `PRAGMA data_version` changes exactly when another connection commits,
 * so the contents are compared only when something was committed.
 */
import Database from 'better-sqlite3';

/** Everything but access_tokens (whose last_used_at any authenticated request may touch). */
const SNAPSHOT_QUERIES = [
  'select * from sites order by id',
  'select * from users order by id',
  'select * from memberships order by rowid',
  'select * from apps order by id',
  'select * from consent_configs order by rowid',
  'select * from consent_applications order by rowid',
  'select * from consent_cookies order by rowid',
  'select * from notifications order by rowid',
  // The log table grows large: its size and last row stand for it.
  'select count(*) as entries, max(id) as last_id, total(length(data)) as bytes from app_logs',
];

export class DbSnapshots {
  private readonly db: Database.Database;
  private version = -1;
  private contents = '';

  constructor(path: string) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
  }

  private dataVersion(): number {
    return Number(this.db.pragma('data_version', { simple: true }));
  }

  private read(): string {
    return JSON.stringify(SNAPSHOT_QUERIES.map((query) => this.db.prepare(query).all()));
  }

  /** Remembers the current contents (re-read only if something was committed since). */
  mark(): void {
    const version = this.dataVersion();
    if (version === this.version) return;
    this.version = version;
    this.contents = this.read();
  }

  /** Whether the contents are still those of the last mark. */
  unchangedSinceMark(): boolean {
    if (this.dataVersion() === this.version) return true;
    return this.read() === this.contents;
  }

  close(): void {
    this.db.close();
  }
}
