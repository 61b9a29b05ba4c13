/**
 * Issue 38: the demo's layout and footer snippet, as `npm start` serves them (both engines): four
 * of the six templates render in the layout, the footer renders inside it in each language, and
 * both pass the rules their PUTs enforce (a PUT of what the seed wrote is accepted unchanged).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  impactSchema,
  layoutListSchema,
  layoutSchema,
  snippetListSchema,
  snippetSchema,
} from '../../../contract/schemas/layout';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';
import { DEMO_LAYOUT_USERS } from './layouts';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const SAMPLE = {
  customer: { first_name: 'Ann', accepts_marketing: true, email: 'ann@example.com' },
  shop: { name: 'Demo Store', address: 'Main St 1', url: 'https://shop.example', logo_url: '' },
  order: { number: '1001', lines: [], total: '€ 1' },
  invoice: { number: 'F-1', due_date: '2026-12-01' },
  shipment: { carrier: 'PostNL', tracking_url: 'https://track.example' },
  reset_url: 'https://shop.example/reset',
};

describe('the demo layout and footer', () => {
  it('has one layout used by four of the six templates, and a footer snippet', async () => {
    const layouts = layoutListSchema.parse((await api.request('GET', '/layouts')).json);
    expect(layouts.map((l) => [l.slug, l.name, l.used_by])).toEqual([
      ['store', 'Store e-mail', [...DEMO_LAYOUT_USERS].sort()],
    ]);
    expect(layouts[0]?.html).toContain("{% render 'footer' %}");
    expect(Object.keys(layouts[0]?.translations ?? {})).toEqual(['nl']);
    const snippets = snippetListSchema.parse((await api.request('GET', '/snippets')).json);
    expect(snippets.map((s) => s.name)).toEqual(['footer']);
    const notifications = (await api.request('GET', '/notifications')).json as unknown[];
    // The six demo templates and the built-in log-alert (issue 41).
    expect(notifications).toHaveLength(7);
  });

  it('passes the rules of its PUT: writing it back is accepted and changes nothing', async () => {
    const layout = layoutSchema.parse((await api.request('GET', '/layouts/store')).json);
    const put = await api.request('PUT', '/layouts/store', {
      body: {
        name: layout.name,
        html: layout.html,
        text: layout.text,
        translations: {
          nl: { html: layout.translations.nl?.html, text: layout.translations.nl?.text },
        },
      },
    });
    expect(put.status, put.text).toBe(200);
    expect(layoutSchema.parse(put.json).updated_at).toBe(layout.updated_at);
    const footer = snippetSchema.parse((await api.request('GET', '/snippets/footer')).json);
    const again = await api.request('PUT', '/snippets/footer', {
      body: { body: footer.body, translations: { nl: { body: footer.translations.nl?.body } } },
    });
    expect(again.status, again.text).toBe(200);
    expect(snippetSchema.parse(again.json).updated_at).toBe(footer.updated_at);
  });

  it('renders the footer inside the layout of every e-mail that uses it, in its language', async () => {
    const samples = Object.fromEntries(DEMO_LAYOUT_USERS.map((slug) => [slug, SAMPLE]));
    const res = await api.request('POST', '/snippets/footer/impact', {
      body: {
        body: '<p>{{ shop.name }} · Harbour Road 9</p>',
        translations: { nl: { body: '<p>{{ shop.name }} · Havenweg 9</p>' } },
        samples,
      },
    });
    expect(res.status, res.text).toBe(200);
    const impact = impactSchema.parse(res.json);
    // Four templates, each in its languages (welcome also in nl), none failing; the text-only
    // password reset does not change (the footer is in the html).
    expect(impact.entries.map((e) => `${e.notification}:${e.locale}`).sort()).toEqual([
      'invoice:en',
      'password-reset:en',
      'shipping-update:en',
      'welcome:en',
      'welcome:nl',
    ]);
    expect(impact.entries.filter((e) => !e.changed).map((e) => e.notification)).toEqual([
      'password-reset',
    ]);
    expect(impact.changed).toBe(4);
    expect(impact.languages).toBe(2);
    expect(impact.entries.flatMap((e) => e.problems)).toEqual([]);
    const welcomeNl = impact.entries.find((e) => e.notification === 'welcome' && e.locale === 'nl');
    expect(welcomeNl?.before.html).toContain('<html lang="nl">');
    expect(welcomeNl?.before.html).toContain('Welkom, Ann!');
    expect(welcomeNl?.before.html).toContain('Wijzig je voorkeuren');
    expect(welcomeNl?.after.html).toContain('Demo Store · Havenweg 9');
    const invoice = impact.entries.find((e) => e.notification === 'invoice' && e.locale === 'en');
    expect(invoice?.before.html).toContain('Invoice F-1');
    expect(invoice?.before.html).toContain('Change your preferences');
    expect(invoice?.before.text).toMatch(/\n--\nDemo Store · Main St 1$/);
    const reset = impact.entries.find((e) => e.notification === 'password-reset');
    expect(reset?.before.text).toContain('https://shop.example/reset');
  });
});
