/**
 * Connection limits (issue 26): a stalled request is answered 408 and closed, an idle keep-alive
 * socket is closed, one address gets at most its share of connections, and the caps stay below
 * the descriptor limit. The service here has short limits so each test takes about a second; the
 * defaults are in connection-limits.ts (and README, RELIABILITY.md).
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../contract/schemas/error';
import { descriptorBudget, readDescriptorLimit } from './connection-limits';
import { startTestApi, type TestApi } from '../platform/test-support.test-helper';

const LIMITS = {
  headersTimeoutMs: 500,
  requestTimeoutMs: 1_000,
  keepAliveTimeoutMs: 300,
  maxConnectionsPerAddress: 3,
};

let api: TestApi;
let port: number;

beforeAll(async () => {
  api = await startTestApi({ connectionLimits: LIMITS });
  port = Number(new URL(api.baseUrl).port);
});
afterAll(async () => {
  await api.close();
});

interface Conversation {
  socket: Socket;
  /** Everything the service wrote until it closed the socket. */
  closed: Promise<string>;
}

function open(): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const closed = new Promise<string>((done) => socket.on('close', () => done(text)));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

function statusAndBody(raw: string): { status: number; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);
  return { status, body: JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) };
}

describe('timeouts', () => {
  it('a request whose body stalls after its headers is answered 408 with the Error body and closed', async () => {
    const { socket, closed } = await open();
    socket.write(
      'PUT /api/notifications/welcome HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${api.adminToken}\r\nX-Service-Site: demo\r\nContent-Length: 100\r\n\r\n{"subj`,
    );
    const answer = statusAndBody(await closed);
    expect(answer.status).toBe(408);
    expect(errorBodySchema.parse(answer.body).code).toBe(408);
  });

  it('headers that never end are answered 408 and closed', async () => {
    const { socket, closed } = await open();
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const answer = statusAndBody(await closed);
    expect(answer.status).toBe(408);
  });

  it('an idle keep-alive socket is closed', async () => {
    const { socket, closed } = await open();
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    const raw = await closed;
    expect(raw).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('connections per client address', () => {
  it('past the cap a connection gets 429 with the Error body; a freed one is taken again', async () => {
    const held = await Promise.all(
      Array.from({ length: LIMITS.maxConnectionsPerAddress }, () => open()),
    );
    const refused = await open();
    const answer = statusAndBody(await refused.closed);
    expect(answer.status).toBe(429);
    expect(errorBodySchema.parse(answer.body).code).toBe(429);

    held[0]?.socket.destroy();
    await held[0]?.closed;
    // The service hears of the close a moment later: ask until a connection is served again.
    let status = 0;
    while (status !== 200) {
      const next = await open();
      next.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      status = Number(/^HTTP\/1\.1 (\d{3})/.exec(await next.closed)?.[1]);
    }
    for (const conversation of held) conversation.socket.destroy();
  });
});

describe('the descriptor budget', () => {
  it('keeps connections below the process limit, with room for the database and workers', () => {
    expect(descriptorBudget(1024)).toEqual({ maxConnections: 806, maxConnectionsPerAddress: 201 });
    expect(descriptorBudget(65_536).maxConnectionsPerAddress).toBe(256);
    expect(descriptorBudget(100).maxConnections).toBe(16);
    const limit = readDescriptorLimit();
    if (limit !== null) expect(descriptorBudget(limit).maxConnections).toBeLessThan(limit);
  });
});
