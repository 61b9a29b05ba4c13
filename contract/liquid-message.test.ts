import { describe, expect, it } from 'vitest';
import { checkLiquid } from './liquid-check';

const messageOf = (source: string) => checkLiquid(source)?.message;

describe('Liquid errors an admin can read', () => {
  it('says which tag or output is never closed and what to add, on one line', () => {
    expect(messageOf('<p>{% if customer.vip %}\nHello</p>')).toBe(
      '{% if customer.vip %} is never closed: add {% endif %} where it should end.',
    );
    expect(messageOf('Hi {{ customer.first_name \n and more')).toMatch(
      /^\{\{ customer\.first_name and \S+ is never closed: add \}\} after it\.$/,
    );
  });

  it('names an unknown tag and a malformed one', () => {
    expect(messageOf('{% unknowntag x %}')).toBe('There is no tag called "unknowntag".');
    expect(messageOf('{% for x %}\n{% endfor %}')).toBe(
      '{% for x %} is not written the way this tag needs.',
    );
  });

  it('never shows an escaped line break, and ends every message as a sentence', () => {
    for (const source of ['{{ "abc\n', '{% assign %}', '{{ a | }}{% if %}', '{% if a %}{% else']) {
      const message = messageOf(source);
      if (message === undefined) continue;
      expect(message).not.toContain('\\n');
      expect(message).toMatch(/[.!?…]$/);
    }
  });
});
