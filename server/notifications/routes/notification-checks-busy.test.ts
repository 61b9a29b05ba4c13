import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksResultSchema } from '../../../contract/schemas/notification-checks';
import { RENDERER_BUSY } from '../checks/not-checked';
import type { TestApi } from '../../platform/test-support.test-helper';
import { busyRendererApis, type BusyRendererApis } from './busy-renderer.test-helper';

/**
 * A renderer out of time (issue 39, decision 092): on a loaded machine the render worker's
 * budget runs out under a sound template. The checks must say which checks did not run
 * ("not checked: the renderer was busy", info) and answer with the others, never a 5xx and
 * never an error on the template. The budget is forced to 0 ms: every job of the worker runs
 * over it (liquidjs's own limit, and the worker's answer after its budget and grace of 0 ms).
 */
const samples = [{ name: 'Typical', data: { customer: { first_name: 'Ada' } } }];
const draft = {
  subject: 'Welcome, {{ customer.first_name }}',
  text: 'Hi {{ customer.first_name }}',
  html: '<p>Hi {{ customer.first_name }}</p><a href="{{ shop.url }}">Shop</a>',
  html_enabled: true,
  translations: { nl: { subject: 'Welkom', text: 'Hoi', html: '<p>Hoi</p>' } },
  samples,
  spam: true,
};

describe('checks when the renderer runs out of time', () => {
  let apis: BusyRendererApis;
  let late: TestApi;
  let ordinary: TestApi;
  beforeAll(async () => {
    apis = await busyRendererApis();
    ({ late, ordinary } = apis);
  });
  afterAll(() => apis.close());

  it('says on each check that could not run that the renderer was busy, as info, and answers', async () => {
    const res = await late.request('POST', '/notifications/welcome/checks', { body: draft });
    expect(res.status).toBe(200);
    const result = checksResultSchema.parse(res.json);
    const busy = result.findings.filter((finding) => finding.message.startsWith(RENDERER_BUSY));
    expect(busy.every((finding) => finding.severity === 'info')).toBe(true);
    // Nothing marks the template broken: no error at all, no Liquid error but "not checked".
    expect(result.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
    for (const locale of ['en', 'nl']) {
      const said = busy.filter((finding) => finding.locale === locale).map((f) => f.check);
      // The render's checks, the source's checks and the spam score, each on its own finding.
      expect(said).toEqual(
        expect.arrayContaining([
          'liquid_error',
          'subject_empty',
          'gmail_clipping',
          'unknown_variable',
          'link_empty',
          'client_support',
          'spam_score',
        ]),
      );
    }
    // The Liquid href of en could print nothing: that check says it did not run either.
    expect(busy.filter((f) => f.check === 'link_renders_empty').map((f) => f.locale)).toEqual([
      'en',
    ]);
    // Everything else is what the checks that need no worker found: nothing here.
    expect(
      result.findings.filter(
        (f) => !f.message.startsWith(RENDERER_BUSY) && f.check !== 'spam_score',
      ),
    ).toEqual([]);
  });

  it('says nothing of the kind with a renderer in time (the control)', async () => {
    const res = await ordinary.request('POST', '/notifications/welcome/checks', { body: draft });
    expect(res.status).toBe(200);
    const result = checksResultSchema.parse(res.json);
    expect(result.findings.filter((f) => f.message.startsWith(RENDERER_BUSY))).toEqual([]);
    expect(result.findings.map((f) => f.check)).toContain('unknown_variable');
  });
});
