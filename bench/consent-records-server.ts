/**
 * The service process of bench/consent-records.ts: the real app on the SQLite file given, with
 * the public endpoint's limits raised so that one loopback address can flood it (the limits are
 * what the benchmark is not about). Prints its base URL on stdout; stops on SIGTERM or when its
 * stdin (a pipe from the bench) ends.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/platform/app';
import { openDatabase } from '../server/database/db';

const file = process.argv[2];
if (!file) throw new Error('usage: consent-records-server.ts <sqlite file>');
const db = openDatabase(file);
const app = await buildApp({
  db,
  staticDir: null,
  // One loopback address plays every visitor.
  connectionLimits: { maxConnectionsPerAddress: 0 },
  consentRecordLimits: {
    perAddressPerMinute: 10_000_000,
    perSitePerSecond: 1_000_000,
    perSiteAtWork: 1_024,
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
console.log(`http://127.0.0.1:${String(port)}`);
let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  void app
    .close()
    .then(() => db.destroy())
    .then(() => process.exit(0));
}
process.on('SIGTERM', stop);
// The bench holds this pipe: when it ends however it ends (a `| head` closing its output kills
// it without a SIGTERM to this process), the server stops too instead of living on.
process.stdin.on('end', stop).resume();
