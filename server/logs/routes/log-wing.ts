/**
 * The log wing's members of the Fastify instance, made in one place (buildApp calls it): who
 * hears of commits, the waiting tails, the caps on them, the app id cache and the quota. The log
 * routes and the fast path below Fastify read them from the instance.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import { queryTailPage } from '../store/app-logs-read';
import { LogQuota, type LogQuotaLimits } from '../waits/log-quota';
import { InProcessLogNotifier, type LogNotifier } from '../waits/log-notifier';
import { LogTailWaits } from '../waits/log-waits';
import { WaitSlots, type WaitLimits } from '../waits/wait-slots';
import { AppIdCache } from './app-ids';
import { LOG_FIELD_SCAN_ROWS, LOG_PAGE_BYTES_MAX } from '../../../contract/schemas/app-log';
import { WALK_TIME_BUDGET_MS } from '../store/app-logs-walk';

declare module 'fastify' {
  interface FastifyInstance {
    /** Commits of log entries, for waiting tails (`?wait=`); see server/logs/waits/log-notifier.ts. */
    logNotifier: LogNotifier;
    /** The waiting log tails (`?wait=`); see server/logs/waits/log-waits.ts. */
    logTails: LogTailWaits;
    /** App key → id for the log routes (server/logs/routes/app-ids.ts). */
    appIds: AppIdCache;
    /** Caps on waiting tails per member and site (server/logs/waits/wait-slots.ts). */
    waitSlots: WaitSlots;
    /** The per-app ingestion quota (server/logs/waits/log-quota.ts); null when off. */
    logQuota: LogQuota | null;
    /** The bounds of a log page's reading and answer (decision 076). */
    logReadLimits: LogReadLimits;
  }
}

/**
 * How much a log read without `q` may read, take and answer: a page's rows with field conditions
 * and its bytes, and the time of the walk that pages, waiting tails, facets and context share.
 */
export interface LogReadLimits {
  /** Rows of the range a page or volume with field conditions (no `q`) reads at most. */
  fieldScanRows: number;
  /** Most bytes of a page's JSON answer (the list; a waiting tail's page has the default). */
  pageBytes: number;
  /**
   * How long a read without `q` may take in all, ms (WALK_TIME_BUDGET_MS): a page, a waiting
   * tail's page, facets, context; past it a 503 `too_slow`. Tests of what such a read does on a
   * busy machine set a longer one, so that the machine's speed does not decide what they see.
   */
  walkTimeBudgetMs: number;
}

export const DEFAULT_LOG_READ_LIMITS: LogReadLimits = {
  fieldScanRows: LOG_FIELD_SCAN_ROWS,
  pageBytes: LOG_PAGE_BYTES_MAX,
  walkTimeBudgetMs: WALK_TIME_BUDGET_MS,
};

export interface LogWingOptions {
  /** Who hears of log commits; an in-process one when absent. */
  logNotifier?: LogNotifier;
  /** Caps on waiting tails; DEFAULT_WAIT_LIMITS when absent. */
  waitLimits?: WaitLimits;
  /** The per-app ingestion quota; absent: no quota. */
  logQuota?: LogQuotaLimits;
  /** The bounds of a log page's reading (tests set small ones); DEFAULT_LOG_READ_LIMITS. */
  logReadLimits?: Partial<LogReadLimits>;
  /** How long an app key's id answers from memory (app-ids.ts); APP_ID_TTL_MS when absent. */
  appIdCacheTtlMs?: number;
}

/** Decorates `app` with the log wing's members (above). */
export function decorateLogWing(
  app: Pick<FastifyInstance, 'decorate'>,
  db: Kysely<Database>,
  options: LogWingOptions,
): void {
  const logNotifier = options.logNotifier ?? new InProcessLogNotifier();
  const limits = { ...DEFAULT_LOG_READ_LIMITS, ...options.logReadLimits };
  app.decorate('logNotifier', logNotifier);
  app.decorate(
    'logTails',
    new LogTailWaits(logNotifier, (appId, filter) =>
      queryTailPage(db, appId, filter, { walkTimeBudgetMs: limits.walkTimeBudgetMs }),
    ),
  );
  app.decorate('waitSlots', new WaitSlots(options.waitLimits));
  app.decorate('appIds', new AppIdCache(db, options.appIdCacheTtlMs));
  app.decorate('logQuota', options.logQuota ? new LogQuota(options.logQuota) : null);
  app.decorate('logReadLimits', limits);
}
