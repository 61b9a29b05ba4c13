import { describe, expect, it } from 'vitest';
import { LIQUID_LIMITS } from './liquid-bounds';
import { checkLiquid } from './liquid-check';

const { depth, tags, codeCharacters } = LIQUID_LIMITS;
const nestedIfs = (levels: number) =>
  '{% if a %}'.repeat(levels) + 'x' + '{% endif %}'.repeat(levels);

describe('checkLiquid', () => {
  it('accepts a template and reports a syntax error with its position', () => {
    expect(checkLiquid('Hello {{ name | upcase }}{% if a %}!{% endif %}')).toBeNull();
    expect(checkLiquid('line\n{% if %}')).toMatchObject({ line: 2 });
    expect(checkLiquid('{% if a %}\n{{ b')).toMatchObject({ line: 2, column: 1 });
  });

  it(`refuses blocks nested deeper than ${depth}, at the block that goes over`, () => {
    expect(checkLiquid(nestedIfs(depth))).toBeNull();
    const error = checkLiquid(nestedIfs(5000)); // was "Maximum call stack size exceeded"
    expect(error).toMatchObject({
      message: `Blocks may nest at most ${depth} levels deep`,
      line: 1,
      from: '{% if a %}'.length * depth,
    });
  });

  it('counts blocks opened inside {% liquid %} and ignores tags inside raw and comment', () => {
    const lines = (tag: string) => Array.from({ length: depth + 1 }, () => tag);
    const liquid = `{% liquid\n${[...lines('if a'), ...lines('endif')].join('\n')}\n%}`;
    expect(checkLiquid(liquid)?.message).toBe(`Blocks may nest at most ${depth} levels deep`);
    const quoted = '{% if a %}'.repeat(depth + 1);
    expect(checkLiquid(`{% raw %}${quoted}{% endraw %}`)).toBeNull();
    expect(checkLiquid(`{% comment %}${quoted}{% endcomment %}`)).toBeNull();
  });

  it('closes blocks in order, so siblings do not add up to depth', () => {
    expect(checkLiquid('{% if a %}x{% endif %}'.repeat(depth * 2))).toBeNull();
  });

  it(`refuses brackets nested deeper than ${depth} in one expression, outside strings`, () => {
    const brackets = (n: number) => `{{ a${'['.repeat(n)}0${']'.repeat(n)} }}`;
    expect(checkLiquid(brackets(depth))).toBeNull();
    expect(checkLiquid(`{{ "${'('.repeat(depth + 1)}" }}`)).toBeNull();
    expect(checkLiquid(brackets(8000))?.message).toBe(
      `Brackets may nest at most ${depth} levels deep`,
    );
  });

  it(`refuses more than ${tags} tags and outputs, at the first one over`, () => {
    expect(checkLiquid('{{ a }}'.repeat(tags))).toBeNull();
    const error = checkLiquid('{{ a }}'.repeat(28_000)); // took seconds of parsing on the event loop
    expect(error).toMatchObject({
      message: `A template may have at most ${tags} tags and outputs`,
      from: '{{ a }}'.length * tags,
    });
  });

  it(`refuses more than ${codeCharacters} characters of code, but not of text`, () => {
    const longCondition = (n: number) => `{% if a${' or b'.repeat(n)} %}x{% endif %}`;
    expect(checkLiquid(longCondition(35_000))?.message).toBe(
      `A template may have at most ${codeCharacters} characters inside tags and outputs`,
    );
    expect(checkLiquid('x'.repeat(200_000) + longCondition(1000))).toBeNull();
  });
});
