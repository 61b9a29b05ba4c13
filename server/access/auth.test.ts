import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../contract/schemas/error';
import { siteListSchema } from '../../contract/schemas/site';
import { AuthFailureLimiter } from './auth-limiter';
import { generateToken, hashToken } from './store/tokens';
import { startTestApi, type TestApi } from '../platform/test-support.test-helper';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

describe('authentication', () => {
  it('answers 401 without a token, with an unknown token and with a malformed header', async () => {
    for (const token of [null, generateToken(), 'not-a-token']) {
      const res = await api.request('GET', '/apps', { token });
      expect(res.status).toBe(401);
      expect(errorBodySchema.parse(res.json)).toMatchObject({ code: 401, errors: [] });
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
    const basic = await api.request('GET', '/apps', {
      token: null,
      headers: { authorization: 'Basic YWRtaW46YWRtaW4=' },
    });
    expect(basic.status).toBe(401);
  });

  it('answers 400 naming the header when the site header is missing', async () => {
    const res = await api.request('GET', '/apps', { site: null });
    expect(res.status).toBe(400);
    const body = errorBodySchema.parse(res.json);
    expect(body.code).toBe(400);
    expect(body.errors[0]).toMatchObject({ field: 'X-Service-Site', code: 'required' });
  });

  it('answers 403 for an unknown site and for a site the user is not a member of', async () => {
    const unknown = await api.request('GET', '/apps', { site: 'nowhere' });
    expect(unknown.status).toBe(403);
    const notMember = await api.request('GET', '/apps', { token: api.acmeToken, site: 'demo' });
    expect(notMember.status).toBe(403);
    expect(errorBodySchema.parse(notMember.json).code).toBe(403);
    const member = await api.request('GET', '/apps', { token: api.acmeToken, site: 'acme' });
    expect(member.status).toBe(200);
  });

  it('lists the sites of the user without a site header', async () => {
    const res = await api.request('GET', '/sites', { site: null });
    expect(res.status).toBe(200);
    expect(siteListSchema.parse(res.json)).toEqual([
      { id: 'acme', name: 'Acme Corporation', role: 'admin' },
      { id: 'demo', name: 'Demo Store', role: 'admin' },
    ]);
    const acme = await api.request('GET', '/sites', { token: api.acmeToken, site: null });
    expect(acme.json).toEqual([{ id: 'acme', name: 'Acme Corporation', role: 'admin' }]);
    expect((await api.request('GET', '/sites', { token: null })).status).toBe(401);
  });

  it('stores only the SHA-256 of tokens and keeps last_used_at', async () => {
    const rows = await api.db.selectFrom('access_tokens').selectAll().execute();
    expect(rows.some((row) => row.token_hash === hashToken(api.adminToken))).toBe(true);
    expect(rows.every((row) => !row.token_hash.startsWith('scs_'))).toBe(true);
    await api.request('GET', '/sites', { site: null });
    const row = rows.find((r) => r.token_hash === hashToken(api.adminToken));
    const after = await api.db
      .selectFrom('access_tokens')
      .select('last_used_at')
      .where('id', '=', row?.id ?? -1)
      .executeTakeFirstOrThrow();
    expect(after.last_used_at).not.toBeNull();
  });

  it('makes tokens of scs_ and 40 base62 characters', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => generateToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(/^scs_[0-9A-Za-z]{40}$/);
  });

  it('leaves /api/health and /api/openapi.json open', async () => {
    expect((await api.request('GET', '/health', { token: null, site: null })).status).toBe(200);
    expect((await api.request('GET', '/openapi.json', { token: null, site: null })).status).toBe(
      200,
    );
  });
});

describe('failed-authentication limit', () => {
  it('answers 429 after ten failures from one address until the minute is over', async () => {
    const limited = await startTestApi({ authLimiter: new AuthFailureLimiter() });
    try {
      for (let attempt = 0; attempt < 10; attempt++) {
        const res = await limited.request('GET', '/apps', { token: generateToken() });
        expect(res.status).toBe(401);
      }
      const blocked = await limited.request('GET', '/apps', { token: generateToken() });
      expect(blocked.status).toBe(429);
      expect(errorBodySchema.parse(blocked.json).code).toBe(429);
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await limited.request('GET', '/apps', { token: null })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('never refuses a valid token because others failed from the same address', async () => {
    const limited = await startTestApi({ authLimiter: new AuthFailureLimiter(3) });
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        await limited.request('GET', '/apps', { token: generateToken() });
      }
      expect((await limited.request('GET', '/apps', { token: generateToken() })).status).toBe(429);
      expect((await limited.request('GET', '/apps')).status).toBe(200);
      expect(
        (await limited.request('GET', '/sites', { token: limited.acmeToken, site: null })).status,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });

  const failFrom = (limited: TestApi, forwardedFor: string) =>
    limited.request('GET', '/apps', {
      token: generateToken(),
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('keys on the socket address and ignores X-Forwarded-For unless a proxy is trusted', async () => {
    const limited = await startTestApi({ authLimiter: new AuthFailureLimiter(3) });
    try {
      for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        expect((await failFrom(limited, client)).status).toBe(401);
      }
      expect((await failFrom(limited, '203.0.113.4')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('behind a trusted proxy, keys on the forwarded client address', async () => {
    const limited = await startTestApi({
      authLimiter: new AuthFailureLimiter(3),
      trustProxy: ['127.0.0.1'],
    });
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await failFrom(limited, '203.0.113.1')).status).toBe(401);
      }
      expect((await failFrom(limited, '203.0.113.1')).status).toBe(429);
      expect((await failFrom(limited, '203.0.113.2')).status).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('opens again when the minute is over', async () => {
    let now = 0;
    const limiter = new AuthFailureLimiter(10, 60_000, () => now);
    for (let i = 0; i < 10; i++) expect(await limiter.fail('1.2.3.4')).toBe(0);
    expect(await limiter.fail('1.2.3.4')).toBeGreaterThan(0);
    expect(await limiter.fail('5.6.7.8')).toBe(0);
    now = 59_999;
    expect(await limiter.fail('1.2.3.4')).toBeGreaterThan(0);
    now = 60_000;
    expect(await limiter.fail('1.2.3.4')).toBe(0);
  });
});
