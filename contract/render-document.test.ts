import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIQUID_RENDER_OPTIONS } from './liquid-render';
import {
  contentPlaceholders,
  documentPrologue,
  renderDocument,
  snippetCycle,
  snippetReferences,
  splitIntoLayout,
  type DocumentSources,
} from './render-document';

const FIELDS = ['subject', 'text', 'html'] as const;

function render(sources: DocumentSources, data: unknown = {}) {
  return renderDocument(sources, data, { liquid: LIQUID_RENDER_OPTIONS, fields: FIELDS });
}

function outputOf(sources: DocumentSources, data: unknown = {}) {
  const result = render(sources, data);
  return Object.fromEntries(
    FIELDS.map((field) => {
      const one = result[field];
      if (!one?.ok) throw new Error(`${field}: ${JSON.stringify(one)}`);
      return [field, one.output];
    }),
  );
}

describe('renderDocument', () => {
  it('puts the rendered html and text into the layout, with the same data, never the subject', () => {
    const out = outputOf(
      {
        template: { subject: 'Hi {{ name }}', text: 'Body {{ name }}', html: '<p>{{ name }}</p>' },
        layout: {
          html: '<main>{{ shop }}|{{ content }}</main>',
          text: '{{ content }}\n-- {{ shop }}',
        },
      },
      { name: 'Ann', shop: 'Acme' },
    );
    expect(out).toEqual({
      subject: 'Hi Ann',
      text: 'Body Ann\n-- Acme',
      html: '<main>Acme|<p>Ann</p></main>',
    });
  });

  it('leaves the text alone when the layout text has no {{ content }}', () => {
    const out = outputOf({
      template: { subject: 's', text: 'mine', html: 'h' },
      layout: { html: '[{{ content }}]', text: '' },
    });
    expect(out.text).toBe('mine');
    expect(out.html).toBe('[h]');
  });

  it('renders a snippet with its own scope, the arguments Liquid passes and the data as globals', () => {
    const out = outputOf(
      {
        template: {
          subject: '',
          text: '',
          html: '{% assign secret = "x" %}A{% render "footer", who: "Bo" %}B',
        },
        layout: null,
        snippets: { footer: '({{ shop }} {{ who }}{{ secret }})' },
      },
      { shop: 'Acme' },
    );
    // Isolated scope: the template's `secret` is not seen inside the snippet; the sample is.
    expect(out.html).toBe('A(Acme Bo)B');
  });

  it('names an unknown snippet on its field and line, in the template or in the layout', () => {
    const result = render({
      template: { subject: '', text: '', html: 'one\ntwo {% render "nope" %}' },
      layout: null,
    });
    expect(result.html).toMatchObject({
      ok: false,
      problem: { field: 'html', part: 'template', code: 'unknown_snippet', line: 2, column: 5 },
    });
    expect(result.html?.ok === false && result.html.problem.message).toContain('"nope"');
    const inLayout = render({
      template: { subject: '', text: '', html: 'x' },
      layout: { html: '{{ content }}\n\n{% render "gone" %}', text: '' },
    });
    expect(inLayout.html).toMatchObject({
      ok: false,
      problem: { part: 'layout', code: 'unknown_snippet', line: 3 },
    });
  });

  it('never finds a snippet among the properties every object has', () => {
    const result = render({
      template: { subject: '', text: '', html: '{% render "constructor" %}' },
      layout: null,
    });
    expect(result.html).toMatchObject({ ok: false, problem: { code: 'unknown_snippet' } });
  });

  it('refuses a circle of snippets with its path before rendering', () => {
    const snippets = { a: 'a{% render "b" %}', b: 'b{% render "a" %}', c: 'c' };
    expect(snippetCycle('{% render "c" %}{% render "a" %}', snippets)).toEqual(['a', 'b', 'a']);
    expect(snippetCycle('{% render "c" %}', snippets)).toBeNull();
    const result = render({
      template: { subject: '', text: '', html: 'x\n{% render "a" %}' },
      layout: null,
      snippets,
    });
    expect(result.html).toMatchObject({
      ok: false,
      problem: { code: 'snippet_cycle', line: 2, message: expect.stringContaining('a → b → a') },
    });
  });

  it('reports an error inside a snippet at the tag that renders it', () => {
    const result = render(
      {
        template: { subject: '', text: '', html: 'x\n\n{% render "bad" %}' },
        layout: null,
        snippets: { bad: 'ok {% if x %}' },
      },
      {},
    );
    expect(result.html).toMatchObject({ ok: false, problem: { line: 3 } });
    expect(result.html?.ok === false && result.html.problem.message).toContain('"bad"');
  });

  it('finds each {{ content }} and each quoted snippet name, {% liquid %} lines included', () => {
    expect(
      contentPlaceholders('a {{ content }} b\n{{- content -}} {{ content | upcase }}'),
    ).toEqual([
      { from: 2, to: 15, line: 1, column: 3 },
      { from: 18, to: 33, line: 2, column: 1 },
    ]);
    expect(
      snippetReferences('{% render "a" %}{% liquid\n render "b"\n %}{% render x %}').map(
        (r) => r.name,
      ),
    ).toEqual(['a', 'b']);
  });
});

/** Liquid that depends on the data only (no assign or capture that a later part could read). */
const piece = fc.oneof(
  fc.stringMatching(/^[a-z <>/=".]{0,12}$/),
  fc.constantFrom(
    '{{ name }}',
    '{{ items | size }}',
    '{% if flag %}yes{% else %}no{% endif %}',
    '{% for i in items %}[{{ i }}]{% endfor %}',
    '{{ name | upcase }}',
    '{% render "footer", who: name %}',
  ),
);
const source = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
const sample = fc.record({
  name: fc.string({ maxLength: 6 }),
  flag: fc.boolean(),
  items: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 4 }),
});
const SNIPPETS = { footer: '<footer>{{ who }}</footer>' };

describe('layouts, as a property', () => {
  it('renders a template inside a layout as it renders the inlined document', () => {
    fc.assert(
      fc.property(source, source, source, sample, (before, template, after, data) => {
        const layout = `${before}{{ content }}${after}`;
        const wrapped = render(
          { template: { html: template }, layout: { html: layout, text: '' }, snippets: SNIPPETS },
          data,
        ).html;
        const inlined = render(
          { template: { html: `${before}${template}${after}` }, layout: null, snippets: SNIPPETS },
          data,
        ).html;
        expect(wrapped).toEqual(inlined);
      }),
    );
  });

  it('"Make a layout from this template" keeps every sample\'s output byte-identical', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 10 }),
        fc.nat(),
        fc.nat(),
        fc.array(sample, { minLength: 1, maxLength: 3 }),
        (parts, a, b, samples) => {
          // The content is a run of whole pieces, as a block chosen in Visual is.
          const start = a % parts.length;
          const end = start + (b % (parts.length - start)) + 1;
          const html = parts.join('');
          const from = parts.slice(0, start).join('').length;
          const to = parts.slice(0, end).join('').length;
          const split = splitIntoLayout(html, from, to);
          expect(contentPlaceholders(split.layout)).toHaveLength(1);
          for (const data of samples) {
            const original = render({ template: { html }, layout: null, snippets: SNIPPETS }, data);
            const made = render(
              {
                template: { html: split.template },
                layout: { html: split.layout, text: '' },
                snippets: SNIPPETS,
              },
              data,
            );
            expect(made.html).toEqual(original.html);
          }
        },
      ),
    );
  });
});

/** Shopify's order confirmation opens like this: Liquid, then the document. */
const SHOPIFY_LIKE = `{% capture email_title %}Thank you for your purchase!{% endcapture %}
{% capture email_body %}
  {% if customer.first_name %}Hi {{ customer.first_name }},{% endif %} we're getting your order ready.
{% endcapture %}
{%- assign delivery_method = 'shipping' -%}
{% comment %}A note for the next editor: <td> is fine here{% endcomment %}
{% liquid
  assign total = order.total
  capture greeting
    echo 'unused'
  endcapture
%}
{% # the document starts below %}
<!DOCTYPE html>
<html lang="en">
<head><title>{{ email_title }}</title></head>
<body><h1>{{ email_title }}</h1><p>{{ email_body }}</p><p>{{ delivery_method }} {{ total }}</p></body>
</html>`;

describe('the Liquid prologue', () => {
  it('is the Liquid before the doctype, up to where the document starts', () => {
    const prologue = documentPrologue(SHOPIFY_LIKE);
    const start = SHOPIFY_LIKE.indexOf('<!DOCTYPE html>');
    expect(prologue).toEqual({ from: 0, to: start, line: 14 });
    expect(SHOPIFY_LIKE.slice(prologue?.to)).toMatch(/^<!DOCTYPE html>/);
    // `<html>` without a doctype starts a document too, in any case.
    expect(documentPrologue('{% assign a = 1 %}\n  <HTML><body></body></HTML>')).toEqual({
      from: 0,
      to: 21,
      line: 2,
    });
    expect(
      documentPrologue(
        '{% capture a %}{% capture b %}x{% endcapture %}{% endcapture %}<!doctype html>',
      )?.to,
    ).toBe(63);
  });

  it('is not there without Liquid first, or when something before the doctype prints', () => {
    for (const source of [
      '<!DOCTYPE html><html></html>',
      '\n\n<!doctype html>',
      '<p>{% assign a = 1 %}</p>',
      '{% assign a = 1 %}<p>Hi</p>',
      '{% assign a = 1 %}',
      '{% if a %}x{% endif %}<!doctype html>',
      '{{ title }}<!doctype html>',
      '{% assign a = 1 %} text <!doctype html>',
      '{% render "header" %}<!doctype html>',
      '{% liquid\n assign a = 1\n echo a\n%}<!doctype html>',
      '{% capture a %}never closed <!doctype html>',
      '{% assign a = 1 %}<!doctypes>',
      '{% if %}<!doctype html>',
      '',
    ]) {
      expect(documentPrologue(source), source).toBeNull();
    }
  });

  it('renders the document with the prologue’s variables, starting at the doctype', () => {
    const out = outputOf(
      { template: { html: SHOPIFY_LIKE }, layout: null },
      { customer: { first_name: 'Ann' }, order: { total: '€ 9' } },
    );
    expect(out.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(out.html).toContain('<title>Thank you for your purchase!</title>');
    expect(out.html).toContain("Hi Ann, we're getting your order ready.");
    expect(out.html).toContain('<p>shipping € 9</p>');
    expect(out.html).not.toContain('unused');
  });

  it('starts a layout’s e-mail at its doctype too, and leaves other output as it is', () => {
    const layout = `{% assign brand = shop | upcase %}\n<!doctype html><html><body>{{ brand }}|{{ content }}</body></html>`;
    const out = outputOf(
      {
        template: { html: '\n  <p>{{ shop }}</p>', text: '  t' },
        layout: { html: layout, text: '' },
      },
      { shop: 'acme' },
    );
    expect(out.html).toBe('<!doctype html><html><body>ACME|\n  <p>acme</p></body></html>');
    expect(out.text).toBe('  t');
    // Without a prologue nothing is trimmed, even before a doctype.
    expect(outputOf({ template: { html: '\n<!doctype html>x' }, layout: null }).html).toBe(
      '\n<!doctype html>x',
    );
  });

  it('keeps rendering inside a layout equal to the inlined document when the layout has one', () => {
    const layout = `{% capture title %}T{% endcapture %}\n<!doctype html><title>{{ title }}</title>{{ content }}`;
    const template = '<p>{{ name }}</p>';
    const data = { name: 'Ann' };
    const inlined = layout.replace('{{ content }}', template);
    expect(
      outputOf({ template: { html: template }, layout: { html: layout, text: '' } }, data).html,
    ).toBe(outputOf({ template: { html: inlined }, layout: null }, data).html);
  });
});
