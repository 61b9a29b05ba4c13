import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthenticator } from './auth';
import { AuthFailureLimiter } from './auth-limiter';
import { authorityOf, authorityUnchanged, type Authority } from './authority';
import { findOrCreateUser, findTokenOwner, issueToken, revokeToken } from './store/tokens';
import { startTestApi, type TestApi } from '../platform/test-support.test-helper';

let api: TestApi;
let probe: FastifyInstance;
let probeUrl: string;

/** A service that answers a request's authority, and whether it still holds, read after it. */
beforeAll(async () => {
  api = await startTestApi();
  probe = Fastify();
  probe.decorateRequest('auth', null as never);
  const authenticator = createAuthenticator({
    db: api.db,
    limiter: new AuthFailureLimiter(1_000_000),
  });
  probe.addHook('onRequest', authenticator.hook);
  probe.get('/authority', async (request) => {
    const authority = authorityOf(request);
    return {
      authority,
      frozen: Object.isFrozen(authority),
      unchanged: await authorityUnchanged(api.db, authority),
    };
  });
  probeUrl = await probe.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await probe.close();
  await api.close();
});

async function ask(
  token: string,
  site = 'acme',
): Promise<{ authority: Authority; frozen: boolean; unchanged: boolean }> {
  const response = await fetch(`${probeUrl}/authority`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Service-Site': site },
  });
  expect(response.status).toBe(200);
  // The shape the probe route answers.
  return (await response.json()) as { authority: Authority; frozen: boolean; unchanged: boolean };
}

describe('authorityOf', () => {
  it('answers token, member, site, role and the auth change counter it was read under', async () => {
    const owner = await findTokenOwner(api.db, api.acmeToken);
    const first = await ask(api.acmeToken);
    expect(first.authority).toMatchObject({
      userId: owner?.userId,
      tokenId: owner?.tokenId,
      siteId: 'acme',
      role: 'admin',
    });
    expect(first.authority.changeVersion).toBeGreaterThanOrEqual(0);
    expect(first.frozen).toBe(true);
    expect(first.unchanged).toBe(true);
    // The same headers again: the cached answer, the same authority.
    expect(await ask(api.acmeToken)).toEqual(first);
  });

  it('says a write must look again once any token was revoked or membership changed', async () => {
    const before = await ask(api.acmeToken);
    const userId = await findOrCreateUser(api.db, 'someone-else@example.com');
    await issueToken(api.db, userId);
    const other = await findTokenOwner(api.db, await issueToken(api.db, userId));
    expect(await revokeToken(api.db, other?.tokenId ?? 0)).toBe(true);
    expect(await authorityUnchanged(api.db, before.authority)).toBe(false);
  });

  it('says nothing holds for a version that was never read (an instance without a cache)', async () => {
    const authority = (await ask(api.acmeToken)).authority;
    expect(await authorityUnchanged(api.db, { ...authority, changeVersion: undefined })).toBe(
      false,
    );
  });
});
