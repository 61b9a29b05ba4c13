import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hrefOf,
  markAround,
  removeLink,
  setLink,
  toggleMark,
  type InlineEdit,
} from './inline-format';
import { parseTemplate } from '../model/parse-template';
import { serializeTree } from '../model/serialize';
import { allNodes } from '../model/template-tree';
import { applyChange, decodeText, sourceOffsetAt, type SourceChange } from '../model/text-source';

function applyAll(source: string, changes: readonly SourceChange[]): string {
  return [...changes].sort((a, b) => b.from - a.from).reduce(applyChange, source);
}

/** The source after an edit, with the selection after it marked as [ and ]. */
function run(source: string, edit: (tree: ReturnType<typeof parseTemplate>) => InlineEdit): string {
  const result = edit(parseTemplate(source));
  if (!result.ok) return `refused: ${result.reason}`;
  const next = applyAll(source, result.changes);
  const { from, to } = result.select;
  return `${next.slice(0, from)}[${next.slice(from, to)}]${next.slice(to)}`;
}

/** The span of the first occurrence of `text` in `source`. */
function at(source: string, text: string, nth = 0) {
  let from = -1;
  for (let i = 0; i <= nth; i++) from = source.indexOf(text, from + 1);
  return { from, to: from + text.length };
}

describe('toggleMark', () => {
  const source = '<p>Thank you, {{ name }}! Your order &amp; more.</p>';

  it('wraps a selected range in strong, or em, and selects its text', () => {
    expect(run(source, (tree) => toggleMark(tree, at(source, 'Thank'), 'bold'))).toBe(
      '<p><strong>[Thank]</strong> you, {{ name }}! Your order &amp; more.</p>',
    );
    expect(run(source, (tree) => toggleMark(tree, at(source, 'you, {{ name }}'), 'italic'))).toBe(
      '<p>Thank <em>[you, {{ name }}]</em>! Your order &amp; more.</p>',
    );
  });

  it('formats the word at a caret', () => {
    const caret = source.indexOf('ank');
    expect(run(source, (tree) => toggleMark(tree, { from: caret, to: caret }, 'bold'))).toBe(
      '<p><strong>[Thank]</strong> you, {{ name }}! Your order &amp; more.</p>',
    );
  });

  it('unwraps when the selection is the content of a b or strong, or the element itself', () => {
    const bold = '<p>a <b class="x">bold</b> c</p>';
    expect(run(bold, (tree) => toggleMark(tree, at(bold, 'bold'), 'bold'))).toBe(
      '<p>a [bold] c</p>',
    );
    expect(run(bold, (tree) => toggleMark(tree, at(bold, '<b class="x">bold</b>'), 'bold'))).toBe(
      '<p>a [bold] c</p>',
    );
  });

  it('lets a part out of a bold element, copying its start tag as written', () => {
    const bold = '<p><b class="x">one two three</b></p>';
    expect(run(bold, (tree) => toggleMark(tree, at(bold, 'two'), 'bold'))).toBe(
      '<p><b class="x">one </b>[two]<b class="x"> three</b></p>',
    );
    expect(run(bold, (tree) => toggleMark(tree, at(bold, 'one'), 'bold'))).toBe(
      '<p>[one]<b class="x"> two three</b></p>',
    );
  });

  it('refuses ranges that cut an element, an output or a frame apart', () => {
    const nested = '<p>x <em>in</em> y {% if a %}yes{% endif %}</p>';
    for (const range of [
      { from: nested.indexOf('x'), to: nested.indexOf('in') + 1 },
      { from: nested.indexOf('y '), to: nested.indexOf('yes') + 1 },
    ]) {
      expect(run(nested, (tree) => toggleMark(tree, range, 'bold'))).toMatch(/^refused: .*cuts/);
    }
    const blocks = '<p>one</p><p>two</p>';
    expect(
      run(blocks, (tree) => toggleMark(tree, { from: 3, to: blocks.indexOf('two') + 1 }, 'bold')),
    ).toMatch(/^refused/);
  });

  it('refuses a caret with no word', () => {
    expect(run('<p>a  b</p>', (tree) => toggleMark(tree, { from: 5, to: 5 }, 'bold'))).toMatch(
      /^refused: Select the text/,
    );
  });
});

describe('links', () => {
  const source = '<p>See your order.</p>';

  it('makes a range a link whose href may hold Liquid with quotes', () => {
    expect(run(source, (tree) => setLink(tree, at(source, 'order'), '{{ order.url }}'))).toBe(
      '<p>See your <a href="{{ order.url }}">[order]</a>.</p>',
    );
    expect(run(source, (tree) => setLink(tree, at(source, 'order'), '{{ "o" | url }}?a="b"'))).toBe(
      '<p>See your <a href="{{ "o" | url }}?a=&quot;b&quot;">[order]</a>.</p>',
    );
  });

  it('changes only the href of an existing link, from a caret inside it', () => {
    const linked = '<p><a class="btn" href="https://old" target="_blank">Track</a></p>';
    const caret = linked.indexOf('rack');
    expect(
      run(linked, (tree) => setLink(tree, { from: caret, to: caret }, '{{ order.url }}')),
    ).toBe('<p><a class="btn" href="{{ order.url }}" target="_blank">[Track]</a></p>');
    const tree = parseTemplate(linked);
    const link = markAround(tree, { from: caret, to: caret }, 'link');
    expect(link && hrefOf(tree, link)).toBe('https://old');
    expect(run('<p><a>x</a></p>', (t) => setLink(t, { from: 6, to: 6 }, '/y'))).toBe(
      '<p><a href="/y">[x]</a></p>',
    );
  });

  it('removes a link and keeps its text', () => {
    const linked = '<p>a <a href="/x">link</a></p>';
    expect(run(linked, (tree) => removeLink(tree, at(linked, 'in')))).toBe('<p>a [link]</p>');
  });

  it('refuses a target that does not parse or runs code, and links inside links', () => {
    expect(run(source, (tree) => setLink(tree, at(source, 'order'), '{{ order.url'))).toMatch(
      /^refused: The Liquid/,
    );
    expect(
      run(source, (tree) => setLink(tree, at(source, 'order'), 'javascript:alert(1)')),
    ).toMatch(/^refused: Links that run code/);
    const linked = '<p>a <a href="/x">link</a> b</p>';
    expect(
      run(linked, (tree) => setLink(tree, { from: 3, to: linked.indexOf(' b') }, '/y')),
    ).toMatch(/^refused/);
  });
});

const word = fc.constantFrom('Hello', 'order', 'Tom &amp; Jerry', 'a&lt;b', 'x y', 'Ünïcode');
const inline = fc.letrec<{ node: string; nodes: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    word,
    fc.constantFrom('{{ customer.first_name | default: "there" }}', '<br>', '{{ order.total }}'),
    fc
      .tuple(fc.constantFrom('span', 'a href="/x"', 'u', 'code'), tie('nodes'))
      .map(([tag, content]) => `<${tag}>${content}</${tag.split(' ')[0] ?? tag}>`),
    tie('nodes').map((body) => `{% if order.note %}${body}{% endif %}`),
  ),
  nodes: fc.array(tie('node'), { minLength: 1, maxLength: 4 }).map((nodes) => nodes.join(' ')),
})).nodes;
const templates = fc
  .array(
    fc
      .tuple(fc.constantFrom('p', 'h1', 'td', 'div'), inline)
      .map(([tag, body]) =>
        tag === 'td' ? `<table><tr><td>${body}</td></tr></table>` : `<${tag}>${body}</${tag}>`,
      ),
    { minLength: 1, maxLength: 3 },
  )
  .map((blocks) => blocks.join('\n'));

describe('toggleMark on generated templates', () => {
  it('changes only the range’s surroundings, and formatting twice gives the source back', () => {
    fc.assert(
      fc.property(
        templates,
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        (source, pick, a, b, bold) => {
          const tree = parseTemplate(source);
          const texts = [...allNodes(tree.children)].filter((node) => node.kind === 'text');
          const text = texts[pick % texts.length];
          if (!text) return;
          const shown = decodeText(source.slice(text.from, text.to));
          if (shown.length === 0) return;
          const start = a % shown.length;
          const end = start + 1 + (b % (shown.length - start));
          const range = {
            from: sourceOffsetAt(source, text, start),
            to: sourceOffsetAt(source, text, end),
          };
          const mark = bold ? 'bold' : 'italic';
          const formatted = toggleMark(tree, range, mark);
          if (!formatted.ok) throw new Error(formatted.reason);
          const next = applyAll(source, formatted.changes);
          const tag = bold ? 'strong' : 'em';
          expect(next).toBe(
            `${source.slice(0, range.from)}<${tag}>${source.slice(range.from, range.to)}</${tag}>${source.slice(range.to)}`,
          );
          const nextTree = parseTemplate(next);
          expect(serializeTree(nextTree)).toBe(next);
          const back = toggleMark(nextTree, formatted.select, mark);
          if (!back.ok) throw new Error(back.reason);
          expect(applyAll(next, back.changes)).toBe(source);
        },
      ),
      { numRuns: 300 },
    );
  });
});
