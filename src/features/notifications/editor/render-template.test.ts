import { describe, expect, it } from 'vitest';
import { describeLiquidError } from '../../../../contract/liquid-check';
import {
  EMPTY_PREVIEW,
  nextPreview,
  renderNotification,
  renderTemplate,
  syntaxErrors,
  toInboxLine,
} from './render-template';
import { defaultSamplesFor } from '../samples/sample-catalog';

const order = defaultSamplesFor('order-confirmation')[0]!.data;

describe('renderTemplate', () => {
  it('renders variables, filters and loops over the sample', () => {
    const result = renderTemplate(
      'Hi {{ customer.first_name | upcase }}: {% for line in order.lines %}{{ line.quantity }}x {{ line.name }}; {% endfor %}',
      order,
    );
    expect(result).toEqual({
      ok: true,
      output: 'Hi ADA: 2x Linen shirt; 3x Wool socks; 1x Canvas tote; ',
    });
  });

  it('prints unknown variables as nothing (strictVariables off), like the mail sender', () => {
    expect(renderTemplate('[{{ nobody.here }}]', {})).toEqual({ ok: true, output: '[]' });
  });

  it('reports an unclosed tag with its line and column, as the service does', () => {
    const result = renderTemplate('Hello\n  {% if customer %}\nbye', order);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ kind: 'syntax', line: 2, column: 3 });
    expect(result.error.message).toMatch(/never closed/);
    expect(describeLiquidError(result.error)).toMatch(/\(line 2, column 3\)$/);
    // The underline covers the offending tag.
    expect('Hello\n  {% if customer %}\nbye'.slice(result.error.from, result.error.to)).toBe(
      '{% if customer %}',
    );
  });

  it('reports an unknown tag and a bad output on the right line', () => {
    const tag = renderTemplate('a\nb\n{% frobnicate %}', {});
    expect(!tag.ok && tag.error.line).toBe(3);
    const output = renderTemplate('line one\n{{ customer.name ', {});
    expect(!output.ok && output.error.line).toBe(2);
  });

  it('stops a runaway loop instead of freezing the page', () => {
    const result = renderTemplate(
      '{% for i in (1..100000000) %}{{ i }}{% endfor %}',
      {},
      'runaway',
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('render');
  });

  it('reuses a parse for the same source but sees a changed source', () => {
    expect(renderTemplate('{{ a }}', { a: 1 }, 'k')).toEqual({ ok: true, output: '1' });
    expect(renderTemplate('{{ a }}!', { a: 1 }, 'k')).toEqual({ ok: true, output: '1!' });
    expect(renderTemplate('{{ a }}!', { a: 2 }, 'k')).toEqual({ ok: true, output: '2!' });
  });
});

describe('renderNotification', () => {
  it('renders each field on its own, and the subject as one inbox line', () => {
    const rendered = renderNotification(
      {
        subject: 'Order {{ order.number }}\n  confirmed  ',
        text: '{% if %}',
        html: '<p>{{ shop.name }}</p>',
      },
      order,
    );
    expect(rendered.subject).toEqual({ ok: true, output: 'Order #1042 confirmed' });
    expect(rendered.text.ok).toBe(false);
    expect(rendered.html).toEqual({ ok: true, output: '<p>Northwind Goods</p>' });
  });

  it('leaves markup in the data as it is (escaping is the template author’s `escape` filter)', () => {
    const rendered = renderTemplate('{{ x }}|{{ x | escape }}', { x: '<b>' });
    expect(rendered).toEqual({ ok: true, output: '<b>|&lt;b&gt;' });
  });
});

describe('syntaxErrors', () => {
  it('lists every field that does not parse at once', () => {
    const errors = syntaxErrors({ subject: '{{ a', text: 'fine', html: '<p>{% for x in y %}</p>' });
    expect(Object.keys(errors).sort()).toEqual(['html', 'subject']);
    expect(errors.html?.line).toBe(1);
  });
});

describe('nextPreview', () => {
  it('keeps the last good output of a field while it does not parse', () => {
    const good = nextPreview(
      EMPTY_PREVIEW,
      renderNotification({ subject: 'Hi', text: 'Body {{ shop.name }}', html: '<p>x</p>' }, order),
    );
    const broken = nextPreview(
      good,
      renderNotification({ subject: 'Hi!', text: 'Body {% if %}', html: '<p>y</p>' }, order),
    );
    expect(broken.outputs).toEqual({
      subject: 'Hi!',
      text: 'Body Northwind Goods',
      html: '<p>y</p>',
    });
    expect(broken.errors.text?.kind).toBe('syntax');
    expect(broken.errors.subject).toBeUndefined();
  });

  it('collapses whitespace in an inbox line', () => {
    expect(toInboxLine('  a \n\t b ')).toBe('a b');
  });
});
