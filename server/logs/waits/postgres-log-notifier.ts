/**
 * Log commits heard by every instance on one PostgreSQL database (decision 020): `notify`
 * wakes this process's waiting tails at once (with the commit's rows) and sends
 * `NOTIFY app_logs, '<app id>'` (without them: the other instances' tails query); one
 * LISTEN connection per process (not from the pool) hears the other instances' commits and
 * wakes the tails here. Its own notifications come back too and are skipped (same backend pid).
 * `notifyAll` (after retention) sends `*`: every instance wakes every app's tails, which read
 * again rather than answer from what they hold (decision 027).
 *
 * A lost LISTEN connection is opened again after RECONNECT_MS, and then every app with waiting
 * tails here is woken once: commits in between were not heard. Until then waits still end
 * after their `wait`, so nothing is lost, only late. A failed NOTIFY is dropped the same way.
 */
import pg from 'pg';
import type { LogCommit } from '../store/app-logs-page';
import { InProcessLogNotifier, type LogCommitListener, type LogNotifier } from './log-notifier';

export const LOG_CHANNEL = 'app_logs';
/** The payload of `notifyAll` (every other payload is an app id). */
const EVERY_APP = '*';
const RECONNECT_MS = 1_000;

export class PostgresLogNotifier implements LogNotifier {
  private readonly local = new InProcessLogNotifier();
  private client: pg.Client | null = null;
  private backendPid = 0;
  private closed = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly url: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Opens the LISTEN connection; resolves once it listens. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel !== LOG_CHANNEL || message.processId === this.backendPid) return;
      if (message.payload === EVERY_APP) {
        this.local.notifyAll();
        return;
      }
      const appId = Number(message.payload);
      if (Number.isSafeInteger(appId)) this.local.notify(appId, null);
    });
    client.on('error', (error) => {
      this.onError(error);
      this.lost(client);
    });
    client.on('end', () => {
      this.lost(client);
    });
    await client.connect();
    const pid = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    await client.query(`listen ${LOG_CHANNEL}`);
    this.backendPid = pid.rows[0]?.pid ?? 0;
    this.client = client;
  }

  notify(appId: number, commit: LogCommit | null): void {
    this.local.notify(appId, commit);
    this.send(String(appId));
  }

  /** Retention ran in this instance (the leader): every instance's tails read again. */
  notifyAll(): void {
    this.local.notifyAll();
    this.send(EVERY_APP);
  }

  subscribe(appId: number, listener: LogCommitListener): () => void {
    return this.local.subscribe(appId, listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(this.onError);
  }

  private send(payload: string): void {
    this.client?.query('select pg_notify($1, $2)', [LOG_CHANNEL, payload]).catch(this.onError);
  }

  private lost(client: pg.Client): void {
    if (this.client !== client && this.client !== null) return;
    this.client = null;
    if (this.closed || this.reconnectTimer !== null) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.start().then(
        () => {
          this.local.notifyAll();
        },
        (error: unknown) => {
          this.onError(error);
          this.lost(client);
        },
      );
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }
}
