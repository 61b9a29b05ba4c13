import { describe, expect, it } from 'vitest';
import { breakLine, deleteAtCaret, deleteRange, typeText, type InputEdit } from './canvas-input';
import { parseTemplate } from '../model/parse-template';
import { applyChange } from '../model/text-source';

function applied(source: string, edit: InputEdit | null): string {
  if (!edit) return source;
  return [...edit.changes]
    .sort((a, b) => b.from - a.from)
    .reduce((text, change) => applyChange(text, change), source);
}

/** The span of the `n`-th occurrence of `text` in `source`. */
function spanOf(source: string, text: string, from = 0) {
  const at = source.indexOf(text, from);
  if (at === -1) throw new Error(`no ${text}`);
  return { from: at, to: at + text.length };
}

const LINK =
  '<p>Please <a href="https://x.test/b" class="l">update your billing information</a>.</p>';

describe('canvas input', () => {
  it("replacing a link's whole text keeps the element and its attributes", () => {
    const tree = parseTemplate(LINK);
    const edit = typeText(
      tree,
      spanOf(LINK, 'update your billing information'),
      'update your card',
    );
    expect(applied(LINK, edit)).toBe(
      '<p>Please <a href="https://x.test/b" class="l">update your card</a>.</p>',
    );
  });

  it('a selection across a boundary replaces exactly the selected characters', () => {
    const tree = parseTemplate(LINK);
    const from = LINK.indexOf('ase ');
    const to = LINK.indexOf(' your billing');
    const edit = typeText(tree, { from, to }, 'X');
    expect(applied(LINK, edit)).toBe(
      '<p>PleX<a href="https://x.test/b" class="l"> your billing information</a>.</p>',
    );
  });

  it('a range that empties a link takes the link with it', () => {
    const tree = parseTemplate(LINK);
    const from = LINK.indexOf('ase ');
    const to = LINK.indexOf('.</p>') + 1;
    expect(applied(LINK, typeText(tree, { from, to }, 'Y'))).toBe('<p>PleY</p>');
  });

  it('keeps the newline and indentation before a closing tag', () => {
    const source = '<p>\n  Acme, Suite 1234\n</p>';
    const tree = parseTemplate(source);
    // Shift+End selects to the end of the text node, its layout whitespace included.
    const from = source.indexOf('Suite');
    const edit = typeText(tree, { from, to: source.indexOf('</p>') }, 'Unit 9');
    expect(applied(source, edit)).toBe('<p>\n  Acme, Unit 9\n</p>');
  });

  it('a typed trailing space is an &nbsp; until a character follows it', () => {
    const source = '<td><a href="#">View your order</a>\n</td>';
    let tree = parseTemplate(source);
    const end = source.indexOf('</a>');
    const space = typeText(tree, { from: end, to: end }, ' ');
    const afterSpace = applied(source, space);
    expect(afterSpace).toBe('<td><a href="#">View your order&nbsp;</a>\n</td>');
    tree = parseTemplate(afterSpace);
    const caret = space?.caret ?? 0;
    const letter = typeText(tree, { from: caret, to: caret }, 'n', space?.nbsp ?? null);
    expect(applied(afterSpace, letter)).toBe('<td><a href="#">View your order n</a>\n</td>');
  });

  it('a space between words is a plain space', () => {
    const source = '<p>ab</p>';
    const edit = typeText(parseTemplate(source), { from: 4, to: 4 }, ' ');
    expect(applied(source, edit)).toBe('<p>a b</p>');
  });

  it('Backspace at the start of a text deletes across the end tag of a link', () => {
    const source = '<p><a href="#">Go</a> now</p>';
    const at = source.indexOf(' now');
    expect(applied(source, deleteAtCaret(parseTemplate(source), at, 'backward'))).toBe(
      '<p><a href="#">G</a> now</p>',
    );
    const one = '<p>a<b>x</b>c</p>';
    expect(applied(one, deleteAtCaret(parseTemplate(one), one.indexOf('</b>'), 'backward'))).toBe(
      '<p>ac</p>',
    );
  });

  it('deletes an entity as one character, and a chip whole', () => {
    const source = '<p>a&amp;{{ x }}b</p>';
    const tree = parseTemplate(source);
    expect(applied(source, deleteAtCaret(tree, source.indexOf('{{'), 'backward'))).toBe(
      '<p>a{{ x }}b</p>',
    );
    expect(applied(source, deleteAtCaret(tree, source.indexOf('b</p>'), 'backward'))).toBe(
      '<p>a&amp;b</p>',
    );
  });

  it('refuses a range that cuts a chip apart, and breaks a line with <br>', () => {
    const source = '<p>a{{ x }}b</p>';
    const tree = parseTemplate(source);
    expect(typeText(tree, { from: 4, to: 7 }, 'z')).toBeNull();
    expect(applied(source, breakLine(tree, { from: 4, to: 4 }))).toBe('<p>a<br>{{ x }}b</p>');
    expect(
      applied(
        LINK,
        deleteRange(parseTemplate(LINK), spanOf(LINK, 'update your billing information')),
      ),
    ).toBe('<p>Please .</p>');
  });

  it('a selection from the end of the text before a link to the end of its text is its text', () => {
    const tree = parseTemplate(LINK);
    // The DOM range starts at "Please |" (outside the link) and ends inside it, before `</a>`.
    const from = LINK.indexOf('<a ');
    const to = LINK.indexOf('</a>');
    expect(applied(LINK, typeText(tree, { from, to }, 'here'))).toBe(
      '<p>Please <a href="https://x.test/b" class="l">here</a>.</p>',
    );
  });

  it('Delete at the visible end of a block leaves its layout whitespace alone', () => {
    const source = '<p>\n  Suite 1234\n</p>';
    const at = source.indexOf('\n</p>');
    expect(deleteAtCaret(parseTemplate(source), at, 'forward')).toBeNull();
    expect(deleteAtCaret(parseTemplate(source), source.indexOf('Suite'), 'backward')).toBeNull();
  });

  it("Delete at the end of a button's label leaves the layout after the link alone", () => {
    // A line break typed at the end of a button (mjml seed 1624377821): what follows the link is
    // the code's newline and indentation before </td>, which shows nothing.
    const source = '<td>\n  <a href="#">Get started<br></a>\n  </td>';
    const tree = parseTemplate(source);
    expect(deleteAtCaret(tree, source.indexOf('</a>'), 'forward')).toBeNull();
    expect(deleteAtCaret(tree, source.indexOf('Get'), 'backward')).toBeNull();
    // Layout before a chip or a tag is stepped over to what it shows.
    const chip = '<p><b>Hi</b>\n  {{ name }}</p>';
    expect(applied(chip, deleteAtCaret(parseTemplate(chip), chip.indexOf('\n'), 'forward'))).toBe(
      '<p><b>Hi</b>\n  </p>',
    );
  });

  it('typed text at the start of a link selection that runs past it goes into the link', () => {
    const source = '<p><a href="#">Go</a> now</p>';
    const from = source.indexOf('Go');
    const to = source.indexOf('ow') + 1;
    expect(applied(source, typeText(parseTemplate(source), { from, to }, 'X'))).toBe(
      '<p><a href="#">X</a>w</p>',
    );
    expect(applied(source, deleteRange(parseTemplate(source), { from, to }))).toBe('<p>w</p>');
  });
});
