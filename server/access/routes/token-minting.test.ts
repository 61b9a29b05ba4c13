/**
 * Issue 42: one token could mint hundreds of 366-day tokens that outlived its own revocation.
 * Now a user holds at most MAX_ACTIVE_TOKENS tokens that work, a token cannot mint one that
 * expires after itself, and revoking a token revokes the tokens it minted, and theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import {
  createdTokenSchema,
  MAX_ACTIVE_TOKENS,
  type CreatedToken,
} from '../../../contract/schemas/token';
import { findOrCreateUser, issueToken } from '../store/tokens';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

/** A fresh user with one CLI token (no expiry), so that each test counts its own tokens. */
async function freshUser(name: string): Promise<string> {
  const userId = await findOrCreateUser(api.db, `${name}@example.com`);
  return issueToken(api.db, userId, { name: 'CLI' });
}

async function mint(token: string, days: number, name = 'Minted') {
  return api.request('POST', '/tokens', {
    site: null,
    token,
    body: { name, expires_in_days: days },
  });
}

async function minted(token: string, days: number): Promise<CreatedToken> {
  const res = await mint(token, days);
  expect(res.status, res.text).toBe(201);
  return createdTokenSchema.parse(res.json);
}

async function statusOf(token: string): Promise<number> {
  return (await api.request('GET', '/tokens', { site: null, token })).status;
}

describe('token minting', () => {
  it(`refuses a token past ${String(MAX_ACTIVE_TOKENS)} that work with 409, and mints again after a revocation`, async () => {
    const cli = await freshUser('many');
    const made: CreatedToken[] = [];
    // The CLI token counts: MAX_ACTIVE_TOKENS - 1 more.
    for (let i = 1; i < MAX_ACTIVE_TOKENS; i++) made.push(await minted(cli, 30));
    const refused = await mint(cli, 30, 'One too many');
    expect(refused.status).toBe(409);
    expect(errorBodySchema.parse(refused.json).message).toContain(String(MAX_ACTIVE_TOKENS));
    const list = await api.request('GET', '/tokens', { site: null, token: cli });
    expect((list.json as unknown[]).length).toBe(MAX_ACTIVE_TOKENS);

    const first = made[0];
    if (!first) throw new Error('no token minted');
    expect(
      (await api.request('DELETE', `/tokens/${String(first.id)}`, { site: null, token: cli }))
        .status,
    ).toBe(204);
    expect((await mint(cli, 30)).status).toBe(201);
  });

  it('lets concurrent mints pass the count only up to the limit', async () => {
    const cli = await freshUser('racing');
    for (let i = 1; i < MAX_ACTIVE_TOKENS - 2; i++) await minted(cli, 30);
    const answers = await Promise.all(Array.from({ length: 6 }, () => mint(cli, 30)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
  });

  it('refuses a token that would expire after the token minting it (422 on expires_in_days)', async () => {
    const cli = await freshUser('short');
    const week = await minted(cli, 7);
    const longer = await mint(week.secret, 8);
    expect(longer.status).toBe(422);
    const body = errorBodySchema.parse(longer.json);
    expect(body.errors.map((detail) => detail.field)).toEqual(['expires_in_days']);
    // A token without an expiry (the CLI's) mints any; a week's token mints up to its own end.
    expect((await mint(week.secret, 6)).status).toBe(201);
    expect((await mint(cli, 366)).status).toBe(201);
  });

  it('revokes the tokens a revoked token minted, and theirs, and leaves the others', async () => {
    const cli = await freshUser('tree');
    const parent = await minted(cli, 30);
    const child = await minted(parent.secret, 20);
    const grandchild = await minted(child.secret, 10);
    const sibling = await minted(cli, 30);

    const revoke = await api.request('DELETE', `/tokens/${String(parent.id)}`, {
      site: null,
      token: cli,
    });
    expect(revoke.status).toBe(204);
    expect(await statusOf(parent.secret)).toBe(401);
    expect(await statusOf(child.secret)).toBe(401);
    expect(await statusOf(grandchild.secret)).toBe(401);
    expect(await statusOf(sibling.secret)).toBe(200);
    expect(await statusOf(cli)).toBe(200);
  });
});
