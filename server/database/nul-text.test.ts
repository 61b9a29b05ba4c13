/**
 * U+0000 in text the service stores or looks up (decision 020): PostgreSQL text cannot hold it,
 * so it is refused the same way on both engines, naming the field, and nothing changes; log
 * entries keep it (their data is stored as JSON text, where it is the escape `\u0000`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogEntrySchema } from '../../contract/schemas/app-log';
import { errorBodySchema } from '../../contract/schemas/error';
import { startTestApi, type TestApi } from '../platform/test-support.test-helper';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const NUL = 'a\u0000b';

async function expectRefused(
  method: string,
  path: string,
  status: number,
  field: string,
  body?: unknown,
) {
  const before = await api.request('GET', path.replace(/\?.*$/, ''));
  const res = await api.request(method, path, body === undefined ? {} : { body });
  expect(res.status, res.text).toBe(status);
  const error = errorBodySchema.parse(res.json);
  expect(error.code).toBe(status);
  expect(error.errors.map((detail) => detail.field)).toContain(field);
  const after = await api.request('GET', path.replace(/\?.*$/, ''));
  expect(after.text).toBe(before.text);
}

describe('U+0000 in text', () => {
  it.each(['name', 'url', 'callback_url'])('PATCH /apps: %s is a 422 naming it', async (field) => {
    const value = field === 'name' ? NUL : `https://example.com/${NUL}`;
    // analytics is external: its callback_url is written, not derived.
    await expectRefused('PATCH', '/apps/analytics', 422, field, { [field]: value });
  });

  it.each(['name', 'description', 'subject', 'text', 'html'])(
    'PUT /notifications: %s is a 422 naming it',
    async (field) => {
      await expectRefused('PUT', '/notifications/welcome', 422, field, { [field]: NUL });
    },
  );

  it('PATCH /settings/consent: the page id is a 422 naming it', async () => {
    await expectRefused('PATCH', '/settings/consent', 422, 'privacy_policy_page_id', {
      privacy_policy_page_id: NUL,
    });
  });

  it('a key or slug in the path is a 400 naming it', async () => {
    for (const path of ['/apps/a%00b', '/apps/a%00b/logs', '/notifications/a%00b']) {
      const res = await api.request('GET', path);
      expect(res.status, res.text).toBe(400);
      const field = path.startsWith('/apps') ? 'app_id' : 'slug';
      expect(errorBodySchema.parse(res.json).errors.map((detail) => detail.field)).toEqual([field]);
    }
  });

  it('the job filter is a 400 naming it', async () => {
    const res = await api.request('GET', '/apps/storefront/logs?job=a%00b');
    expect(res.status, res.text).toBe(400);
    expect(errorBodySchema.parse(res.json).errors.map((detail) => detail.field)).toEqual(['job']);
  });

  it('log entries keep it in data and context, and q still finds them', async () => {
    const res = await api.request('POST', '/apps/storefront/logs', {
      body: { logs: [{ level: 'info', data: `nul${NUL}here`, context: { [NUL]: NUL } }] },
    });
    expect(res.status, res.text).toBe(201);
    const [stored] = appLogEntrySchema.array().parse(res.json);
    const found = await api.request('GET', '/apps/storefront/logs?q=nul');
    const [entry] = appLogEntrySchema.array().parse(found.json);
    expect(entry?.id).toBe(stored?.id);
    expect(entry?.data).toBe(`nul${NUL}here`);
    expect(entry?.context).toEqual({ [NUL]: NUL });
  });
});
