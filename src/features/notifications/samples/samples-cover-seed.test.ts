// The default samples answer every variable the demo templates use, so a fresh preview of a
// demo notification never lists anything missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../../server/platform/test-support.test-helper';
import { missingVariables, usedVariables } from '../editor/template-variables';
import { defaultSamplesFor } from './sample-catalog';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

describe('default samples and the demo templates', () => {
  it('cover every variable of every demo notification in every sample', async () => {
    const response = await api.request('GET', '/notifications');
    const list = response.json as { slug: string; subject: string; text: string; html: string }[];
    expect(list.length).toBeGreaterThan(0);
    for (const n of list) {
      const used = usedVariables([n.subject, n.text, n.html]);
      for (const sample of defaultSamplesFor(n.slug)) {
        expect({
          slug: n.slug,
          sample: sample.name,
          missing: missingVariables(used, sample.data),
        }).toEqual({
          slug: n.slug,
          sample: sample.name,
          missing: [],
        });
      }
    }
  });
});
