// The default samples answer every variable the demo templates use — with their layout and the
// snippets it renders — so a fresh preview of a demo notification never lists anything missing
// nor draws a broken logo.
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
  it('cover every variable of every demo notification, its layout and snippets, in every sample', async () => {
    const response = await api.request('GET', '/notifications');
    const list = response.json as {
      slug: string;
      subject: string;
      text: string;
      html: string;
      layout: string | null;
    }[];
    expect(list.length).toBeGreaterThan(0);
    const snippets = (await api.request('GET', '/snippets')).json as { body: string }[];
    expect(list.some((n) => n.layout !== null)).toBe(true);
    for (const n of list) {
      const texts = [n.subject, n.text, n.html];
      if (n.layout !== null) {
        const layout = (await api.request('GET', `/layouts/${n.layout}`)).json as {
          html: string;
          text: string;
        };
        texts.push(layout.html, layout.text, ...snippets.map((snippet) => snippet.body));
      }
      // A layout's `{{ content }}` is where the template goes, not a variable of the sample.
      const used = usedVariables(texts).filter(({ path }) => path !== 'content');
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
