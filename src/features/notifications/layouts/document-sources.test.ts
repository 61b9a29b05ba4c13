import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../../../contract/render-document';
import { LIQUID_RENDER_OPTIONS } from '../../../../contract/liquid-render';
import type { Layout, Snippet } from '../../../../contract/schemas/layout';
import { documentSources } from './document-sources';

const AT = '2026-11-29T00:00:00.000Z';
const layout: Layout = {
  slug: 'brand',
  name: 'Brand',
  html: '<main>{{ content }}</main><footer>{% render "sign" %}</footer>',
  text: '{{ content }}\n--',
  translations: {
    nl: { html: '<main>{{ content }}</main><p>NL</p>', text: '{{ content }}', updated_at: AT },
  },
  used_by: ['welcome'],
  created_at: AT,
  updated_at: AT,
};
const snippets: Snippet[] = [
  {
    name: 'sign',
    body: 'The {{ shop.name }} team',
    translations: { nl: { body: 'Het team', updated_at: AT } },
    created_at: AT,
    updated_at: AT,
  },
];

function render(locale: string | null, template = '<p>Hi {% render "sign" %}</p>') {
  const sources = documentSources(
    { html: template, text: 'Hi', layout: 'brand', locale },
    [layout],
    snippets,
  );
  return renderDocument(
    sources,
    { shop: { name: 'Acme' } },
    {
      liquid: LIQUID_RENDER_OPTIONS,
      fields: ['text', 'html'],
    },
  );
}

describe('documentSources', () => {
  it('puts the template in the layout with the default language snippets', () => {
    expect(render(null).html).toEqual({
      ok: true,
      output: '<main><p>Hi The Acme team</p></main><footer>The Acme team</footer>',
    });
    expect(render(null).text).toEqual({ ok: true, output: 'Hi\n--' });
  });

  it("takes the locale's own layout and snippet bodies, else the default's", () => {
    expect(render('nl').html).toEqual({
      ok: true,
      output: '<main><p>Hi Het team</p></main><p>NL</p>',
    });
    expect(render('fr').html).toMatchObject({
      ok: true,
      output: expect.stringContaining('The Acme team</footer>'),
    });
  });

  it('renders the template alone when its layout is not (or no longer) there', () => {
    const sources = documentSources(
      { html: 'x', text: '', layout: 'gone', locale: null },
      [layout],
      [],
    );
    expect(sources.layout).toBeNull();
  });
});
