import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/schemas/error';
import {
  checksResultSchema,
  type CheckFinding,
} from '../../../contract/schemas/notification-checks';
import { spamdAddress } from '../mail/spamd-client';
import { DEFAULT_EMAIL_CLIENTS } from '../../../contract/schemas/email-clients';
import { notificationSchema } from '../../../contract/schemas/notification';
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
    // The default's template is clean: nothing found in en (but notes of partial client support).
    const en = result.findings.filter((finding) => finding.locale === 'en');
    expect(brief(en.filter((finding) => finding.severity !== 'info'))).toEqual([]);
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

  it('reports features the chosen e-mail clients lack, on their lines, for the site setting', async () => {
    const flexHtml = '<p>Hi</p>\n<div style="display:flex">\n<svg></svg></div>';
    const check = async () => {
      const res = await api.request('POST', '/notifications/welcome/checks?locale=en', {
        body: { ...draft, html: flexHtml, spam: false },
      });
      expect(res.status).toBe(200);
      const result = checksResultSchema.parse(res.json);
      return {
        clients: result.clients.map((client) => client.id),
        warnings: result.findings
          .filter((f) => f.check === 'client_support' && f.severity === 'warning')
          .map(({ line, clients, message }) => ({
            line,
            clients,
            feature: message.slice(0, message.indexOf(': ')),
          })),
      };
    };
    const byDefault = await check();
    expect(byDefault.clients).toEqual([...DEFAULT_EMAIL_CLIENTS]);
    expect(byDefault.warnings).toEqual(
      expect.arrayContaining([
        {
          line: 2,
          feature: 'display:flex',
          clients: expect.arrayContaining(['outlook-windows']) as unknown,
        },
        {
          line: 3,
          feature: 'Embedded <svg> image',
          clients: expect.arrayContaining(['gmail']) as unknown,
        },
      ]),
    );
    const patch = (email_clients: string[]) =>
      api.request('PATCH', '/settings/site', { body: { email_clients } });
    try {
      // Apple Mail on macOS shows flexbox: only the svg is left, for Apple Mail alone.
      expect((await patch(['apple-mail-macos'])).status).toBe(200);
      const apple = await check();
      expect(apple.clients).toEqual(['apple-mail-macos']);
      expect(apple.warnings.map((w) => w.feature)).not.toContain('display:flex');
      expect(apple.warnings.every((w) => w.clients?.join() === 'apple-mail-macos')).toBe(true);
      // No client chosen: no client-support finding at all.
      expect((await patch([])).status).toBe(200);
      const none = await check();
      expect(none).toEqual({ clients: [], warnings: [] });
    } finally {
      await patch([...DEFAULT_EMAIL_CLIENTS]);
    }
  });

  it('says the text is older than the HTML when the latest change left it as it was', async () => {
    const older = async (body: Record<string, unknown>) => {
      const res = await api.request('POST', '/notifications/welcome/checks?locale=en', {
        body: { ...body, spam: false },
      });
      expect(res.status).toBe(200);
      return checksResultSchema
        .parse(res.json)
        .findings.filter((f) => f.check === 'text_older_than_html')
        .map(({ locale, field, severity }) => ({ locale, field, severity }));
    };
    const saved = notificationSchema.parse(
      (await api.request('GET', '/notifications/welcome')).json,
    );
    // A draft that changes the HTML only; one that changes both.
    expect(await older({ html: `${saved.html}<p>New line</p>` })).toEqual([
      { locale: 'en', field: 'text', severity: 'warning' },
    ]);
    expect(
      await older({ html: `${saved.html}<p>New line</p>`, text: `${saved.text}\nNew line` }),
    ).toEqual([]);
    // Saved: a save of the HTML alone makes the text older, until the text is saved too.
    const put = (body: Record<string, unknown>) =>
      api.request('PUT', '/notifications/welcome', { body });
    expect((await put({ html: `${saved.html}<p>Saved line</p>` })).status).toBe(200);
    expect(await older({})).toEqual([{ locale: 'en', field: 'text', severity: 'warning' }]);
    expect((await put({ text: `${saved.text}\nSaved line` })).status).toBe(200);
    expect(await older({})).toEqual([]);
    await put({ html: saved.html, text: saved.text });
  });

  it('answers 404 for a notification the site does not have', async () => {
    const res = await api.request('POST', '/notifications/nope/checks', { body: draft });
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(res.json).code).toBe(404);
  });
});
