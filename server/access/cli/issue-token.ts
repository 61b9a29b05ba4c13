/**
 * What `npm run token` does to the database, without the command line around it: the browser
 * tests call it in-process to mint their tokens (decision 058), so tests and the command share
 * one code path.
 */
import type { Role } from '../../../contract/schemas/role';
import { createSite, ensureMembership, findSite } from '../../site/index';
import type { Db } from '../../database/schema';
import { findOrCreateUser, issueToken } from '../store/tokens';
import { writeTransaction } from '../../database/transactions';

export interface SiteTokenRequest {
  siteId: string;
  email: string;
  /** The membership's role when the user is not a member yet (an existing one keeps its role). */
  role: Role;
  /** The token's name. */
  name: string;
  expiresAt: string | null;
  /** Creates the site with this name first when it does not exist. */
  createSiteName?: string;
}

export type SiteTokenResult =
  | { site: undefined; created: boolean; token: '' }
  | { site: { id: string }; created: boolean; token: string };

/**
 * Makes the user (if needed) a member of the site and issues a new token, in one transaction;
 * `site` is undefined when the site does not exist (and was not to be created).
 */
export function issueSiteToken(db: Db, request: SiteTokenRequest): Promise<SiteTokenResult> {
  return writeTransaction(db, async (trx): Promise<SiteTokenResult> => {
    let created = false;
    if (request.createSiteName && !(await findSite(trx, request.siteId))) {
      await createSite(trx, request.siteId, request.createSiteName);
      created = true;
    }
    const site = await findSite(trx, request.siteId);
    if (!site) return { site: undefined, created, token: '' };
    const userId = await findOrCreateUser(trx, request.email);
    await ensureMembership(trx, userId, site.id, request.role);
    const token = await issueToken(trx, userId, {
      name: request.name,
      expiresAt: request.expiresAt,
    });
    return { site, created, token };
  });
}
