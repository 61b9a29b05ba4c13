import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECK_NAMES,
  checksResultSchema,
  type CheckFinding,
  type ChecksResult,
} from '../../../contract/schemas/notification-checks';
import { notificationSchema } from '../../../contract/schemas/notification';
import { RENDERER_BUSY } from '../checks/not-checked';
import type { TestApi } from '../../platform/test-support.test-helper';
import { busyRendererApis, type BusyRendererApis } from './busy-renderer.test-helper';

/**
 * Every check is accounted for when the renderer runs out of time (issue 39, decision 092): a
 * check that found something with a renderer in time either still finds it, or says on its own
 * finding that it was not checked. The draft trips every check the service has (the control
 * proves it), so a new check must be tripped here, and a check that needs the worker but is
 * missing from `checks/not-checked.ts` fails this test instead of going silent.
 */
const samples = [{ name: 'Typical', data: { customer: { first_name: 'Ada' } } }];
const enLinks = [
  '<a href="">Empty</a>',
  '<a href="javascript:alert(1)">Unsafe</a>',
  '<a href="http://shop.example.com">Insecure</a>',
  '<a href="mailto:">Mail</a>',
  '<a href="{{ customer.shop_url }}">Renders empty</a>',
].join('\n');
const enHtml = [
  '<p style="color:#333">Hi {{ customer.first_name }} {{ customer.nickname_that_is_unknown }}</p>',
  '<div style="display:flex">Flex</div>',
  enLinks,
  '<img src="https://shop.example.com/a.png">',
  '<img src="http://shop.example.com/b.png" alt="B" width="10">',
  // Past Gmail's 102 kB.
  `<p>${'Clipped text. '.repeat(8_000)}</p>`,
].join('\n');

function byLocale(result: ChecksResult): Map<string, Set<string>> {
  const checks = new Map<string, Set<string>>();
  for (const finding of result.findings) {
    const set = checks.get(finding.locale) ?? new Set<string>();
    set.add(finding.check);
    checks.set(finding.locale, set);
  }
  return checks;
}

describe('every check is accounted for when the renderer is busy', () => {
  let apis: BusyRendererApis;
  let late: TestApi;
  let ordinary: TestApi;
  let draft: Record<string, unknown>;
  beforeAll(async () => {
    apis = await busyRendererApis();
    ({ late, ordinary } = apis);
    const saved = notificationSchema.parse(
      (await ordinary.request('GET', '/notifications/welcome')).json,
    );
    draft = {
      // en: too long a subject; the HTML changed and the text kept as saved (older than it).
      subject: `${'A subject much longer than an inbox shows '.repeat(3)}{{ customer.first_name }}`,
      text: saved.text,
      html: enHtml,
      html_enabled: true,
      translations: {
        // nl: an empty subject, no text, and the first of the default's links going elsewhere.
        nl: {
          subject: '{% if false %}Welkom{% endif %}',
          text: '',
          html: enLinks.replace('href=""', 'href="https://other.example.com"'),
        },
        // fr: a Liquid error.
        fr: {
          subject: 'Bienvenue',
          text: 'Bonjour',
          html: '<div style="display:none">Bienvenue</div><p>{% render "missing-footer" %}</p>',
        },
      },
      samples,
      spam: true,
    };
  });
  afterAll(() => apis.close());

  const check = async (api: TestApi) => {
    const res = await api.request('POST', '/notifications/welcome/checks', { body: draft });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return checksResultSchema.parse(res.json);
  };

  it('trips every check with a renderer in time (the control)', async () => {
    const result = await check(ordinary);
    const found = new Set(result.findings.map((finding: CheckFinding) => finding.check));
    expect([...CHECK_NAMES].filter((name) => !found.has(name))).toEqual([]);
    expect(result.findings.filter((f) => f.message.startsWith(RENDERER_BUSY))).toEqual([]);
  });

  it('finds each of them, or says it was not checked, in every locale, with the renderer out of time', async () => {
    const control = byLocale(await check(ordinary));
    const busy = byLocale(await check(late));
    const unaccounted: string[] = [];
    for (const [locale, checks] of control) {
      for (const name of checks) {
        if (!busy.get(locale)?.has(name)) unaccounted.push(`${locale}: ${name}`);
      }
    }
    expect(unaccounted).toEqual([]);
  });
});
