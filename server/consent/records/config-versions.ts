/**
 * Which consent configuration version a banner's `config_version` names. A kept version never
 * changes, so what was found is remembered (in a bounded map); what was not is looked up again
 * (a banner may name the current version before anything kept it: it is kept then).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import { writeTransaction } from '../../database/transactions';
import { findSnapshotVersion, isCurrentEtag, snapshotConsentConfig } from './config-snapshots';

const MAX_REMEMBERED = 10_000;

export class ConfigVersions {
  private readonly known = new Map<string, number>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The version `etag` (unquoted) names on the site; undefined when none does. */
  async resolve(siteId: string, etag: string): Promise<number | undefined> {
    const key = `${siteId}\u0000${etag}`;
    const remembered = this.known.get(key);
    if (remembered !== undefined) return remembered;
    let version = await findSnapshotVersion(this.db, siteId, etag);
    if (version === undefined && (await isCurrentEtag(this.db, siteId, etag))) {
      const kept = await writeTransaction(this.db, (trx) => snapshotConsentConfig(trx, siteId));
      // A write in between moved the version on: the banner's is kept by that write.
      version =
        kept.etag === etag ? kept.version : await findSnapshotVersion(this.db, siteId, etag);
    }
    if (version === undefined) return undefined;
    if (this.known.size >= MAX_REMEMBERED) this.known.clear();
    this.known.set(key, version);
    return version;
  }
}
