import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import {
  checksResultSchema,
  type CheckFinding,
} from '../../../contract/schemas/notification-checks';
import { spamdAddress } from '../mail/spamd-client';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

const samples = [{ name: 'Typical', data: { customer: { first_name: 'Ada' } } }];
const html = [
  '<div style="display:none">Welcome aboard</div>',
  '<p>Hi {{ customer.first_name }}</p>',
  '<a href="https://shop.example.com">Shop</a>',
  '<img src="https://shop.example.com/logo.png" alt="Logo" width="80">',
].join('\n');
const nlHtml = [
  '<div style="display:none">Welkom</div>',
  '<p>Hoi {{ customer.first_nme }}</p>',
  '<a href="http://shop.example.com">Winkel</a>',
  '<img src="https://shop.example.com/logo.png" width="80">',
].join('\n');
const draft = {
  subject: 'Welcome, {{ customer.first_name }}',
  text: 'Hi {{ customer.first_name }}',
  html,
  html_enabled: true,
  translations: { nl: { subject: 'Welkom, {{ customer.first_name }}', text: 'Hoi', html: nlHtml } },
  samples,
};

const brief = (findings: CheckFinding[]) =>
  findings
    .filter((finding) => finding.check !== 'spam_score')
    .map(({ check, locale, field, line }) => ({ check, locale, field, line }));

describe('checks of a notification', () => {
  let api: TestApi;
  const spamd = process.env.TEST_SPAMD_ADDRESS;
  beforeAll(async () => {
    api = await startTestApi({ spamd: spamd ? spamdAddress(spamd) : null });
  });
  afterAll(async () => {
    await api.close();
  });

  it('finds the image without alt and the unknown variable in nl, and the http: link, on their lines', async () => {
    const res = await api.request('POST', '/notifications/welcome/checks', {
      body: { ...draft, spam: false },
    });
    expect(res.status).toBe(200);
    const result = checksResultSchema.parse(res.json);
    expect(result.locales).toEqual(expect.arrayContaining(['en', 'nl']));
    expect(result.locales[0]).toBe('en');
    expect(brief(result.findings)).toEqual(
      expect.arrayContaining([
        { check: 'unknown_variable', locale: 'nl', field: 'html', line: 2 },
        { check: 'link_insecure', locale: 'nl', field: 'html', line: 3 },
        { check: 'image_without_alt', locale: 'nl', field: 'html', line: 4 },
      ]),
    );
    // The default's template is clean: nothing found in en.
    expect(brief(result.findings).filter((finding) => finding.locale === 'en')).toEqual([]);
  });

  it('checks only the locale asked for', async () => {
    const res = await api.request('POST', '/notifications/welcome/checks?locale=en', {
      body: { ...draft, spam: false },
    });
    const result = checksResultSchema.parse(res.json);
    expect(result.locales).toEqual(['en']);
  });

  it('reports a Liquid error of the draft on its field and line', async () => {
    const res = await api.request('POST', '/notifications/welcome/checks?locale=en', {
      body: { ...draft, html: '<p>\n{% render "missing-footer" %}</p>', spam: false },
    });
    const result = checksResultSchema.parse(res.json);
    expect(result.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'liquid_error',
          field: 'html',
          line: 2,
          severity: 'error',
        }),
      ]),
    );
  });

  it('checks the saved notification with GET', async () => {
    const res = await api.request('GET', '/notifications/welcome/checks');
    expect(res.status).toBe(200);
    const result = checksResultSchema.parse(res.json);
    expect(result.locales[0]).toBe('en');
    expect(result.checks).toContain('spam_score');
  });

  it('says the spam score, or that it is not available', async () => {
    const res = await api.request('POST', '/notifications/welcome/checks?locale=en', {
      body: draft,
    });
    const spam = checksResultSchema
      .parse(res.json)
      .findings.filter((finding) => finding.check === 'spam_score');
    expect(spam).toHaveLength(1);
    expect(spam[0]?.message).toMatch(spamd ? /^SpamAssassin score -?\d/ : /not available/);
  });

  it('answers 422 on the field for a language the site does not have', async () => {
    const bad = await api.request('POST', '/notifications/welcome/checks', {
      body: { ...draft, translations: { xx: { subject: 'x' } } },
    });
    expect(bad.status).toBe(422);
    expect(errorBodySchema.parse(bad.json).errors[0]).toMatchObject({
      field: 'translations.xx',
      code: 'unknown_locale',
    });
    const query = await api.request('GET', '/notifications/welcome/checks?locale=xx');
    expect(query.status).toBe(422);
    expect(errorBodySchema.parse(query.json).errors[0]).toMatchObject({ field: 'locale' });
  });

  it('answers 413 with the Error body for a draft over the body limit', async () => {
    const res = await api.request('POST', '/notifications/welcome/checks', {
      body: { ...draft, html: 'x'.repeat(1_100_000) },
    });
    expect(res.status).toBe(413);
    expect(errorBodySchema.parse(res.json).code).toBe(413);
  });

  it('answers 404 for a notification the site does not have', async () => {
    const res = await api.request('POST', '/notifications/nope/checks', { body: draft });
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(res.json).code).toBe(404);
  });
});
