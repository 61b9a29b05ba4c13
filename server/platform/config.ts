/**
 * The service's configuration: the environment, parsed once with zod. An invalid value stops
 * the process with a message naming the variable (see main.ts).
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { ALERT_CRASH_STEPS } from '../alerts/routes/evaluation/alert-test-hooks';

const flag = (fallback: '0' | '1') =>
  z
    .enum(['0', '1', 'true', 'false'], { message: 'Must be 1 or 0' })
    .default(fallback)
    .transform((value) => value === '1' || value === 'true');

const originSchema = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}, 'Each origin must look like https://admin.example.com (scheme, host, optional port)');

/** The names proxy-addr (Fastify's trustProxy) knows, besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Whose address the failed-auth limiter counts: off (the socket's peer), `true` (trust every
 * X-Forwarded-For hop), or the proxies' addresses. No hop count: Fastify 5 ignores one, since it
 * cannot check the immediate peer.
 */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((value, context): boolean | string[] => {
    const trimmed = value.trim();
    if (trimmed === '0' || trimmed === 'false') return false;
    if (trimmed === 'true') return true;
    const entries = trimmed.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message:
        'Must be false, true, or comma-separated proxy addresses or CIDR ranges (10.0.0.0/8, loopback)',
    });
    return z.NEVER;
  });

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().trim().min(1).default('./data/site-console.db'),
  /** PostgreSQL only: most connections each instance opens. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** PostgreSQL only: longest a query waits for a pooled connection before a 503. */
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** Requests of one token / one site at work at once per instance (0: no cap), and their wait. */
  DATABASE_WORK_PER_TOKEN: z.coerce.number().int().min(0).max(10_000).default(4),
  DATABASE_WORK_PER_SITE: z.coerce.number().int().min(0).max(10_000).default(6),
  DATABASE_WORK_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /**
   * PostgreSQL only: the alerts' own pool (decision 096): most connections the evaluator and its
   * deliveries open beside DATABASE_POOL_SIZE's (half of them plan generically), and the longest
   * one of their statements runs. Under the deliveries' 2-minute lease.
   */
  ALERTS_DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(2),
  ALERTS_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(110_000).default(30_000),
  /**
   * PostgreSQL only: how often an instance that does not lead tries to take the lead (leader.ts),
   * so how long the background work may stand still after its leader died. The reliability
   * suite shortens it where it kills a leader (issue 36).
   */
  LEADER_RETRY_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /**
   * Failed authentications one client address may make per minute before 429 (decision 011).
   * The browser tests raise it: their tests share one service and one address (decision 058).
   */
  AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  DEMO: flag('1'),
  DEMO_LOGS: flag('1'),
  LOG_RETENTION_DAYS: z.coerce.number().positive().max(3650).default(14),
  LOG_RETENTION_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /**
   * Revisions each resource (a notification, an app, a member…) keeps, newest first, and the
   * most days one is kept (0: no age limit); run with log retention (decision 060).
   */
  REVISION_KEEP_PER_RESOURCE: z.coerce.number().int().min(1).max(100_000).default(100),
  REVISION_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(365),
  /**
   * Entries each app may store per clock minute (1,000 a second); 0: no limit. Past it a batch
   * is refused with 429 and Retry-After (server/logs/waits/log-quota.ts, decision 040).
   */
  LOG_QUOTA_PER_MINUTE: z.coerce.number().int().min(0).max(100_000_000).default(60_000),
  /**
   * Bytes of log entries each app may hold (2 GiB); 0: no limit. Past it a batch is refused with
   * 429; retention by size keeps each app at 90 % of it, oldest minutes first.
   */
  LOG_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .default(2 ** 31),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim().replace(/\/+$/, ''))
        .filter((origin) => origin !== ''),
    )
    .pipe(z.array(originSchema)),
  STATIC_DIR: z.string().trim().min(1).default('dist'),
  TRUST_PROXY: trustProxySchema,
  /** Where test sends of notification templates go out; unset: test sends are off. */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine(
      (value) => value === undefined || /^smtps?:\/\/[^/]/.test(value),
      'Must look like smtp://user:password@mail.example.com:587 (or smtps://…)',
    ),
  SMTP_FROM: z.string().trim().min(1).optional(),
  /**
   * Where people open the dashboard (e.g. https://console.example.com): the base of the links in
   * alert e-mails and webhooks (issue 41). Unset: http://HOST:PORT.
   */
  PUBLIC_URL: originSchema.optional(),
  /**
   * Where SpamAssassin's spamd listens (host:port), for the spam scores of the test inbox and
   * the checks (issue 39); "off" for none. Unreachable: the score says "not available".
   */
  SPAMD_ADDRESS: z.string().trim().min(1).default('127.0.0.1:783'),
  /**
   * Test hooks of the alerts (decision 093), for the reliability suite only: the process kills
   * itself at that step of the alerts' work (only the first to create ALERTS_CRASH_ONCE_FILE,
   * when given), and the evaluator reads its clock from ALERTS_TEST_CLOCK_FILE (epoch ms), a
   * round every 200 ms. Never set in production.
   */
  ALERTS_CRASH_AT: z.enum(ALERT_CRASH_STEPS).optional(),
  ALERTS_CRASH_ONCE_FILE: z.string().trim().min(1).optional(),
  ALERTS_TEST_CLOCK_FILE: z.string().trim().min(1).optional(),
});

export type Config = z.output<typeof configSchema>;

/** Parses the environment; empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') relevant[key] = value;
  }
  const result = configSchema.safeParse(relevant);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path[0] === undefined ? '' : String(issue.path[0])}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
