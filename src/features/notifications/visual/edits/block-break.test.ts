import { describe, expect, it } from 'vitest';
import { insertParagraph, mergeBlocks } from './block-break';
import { deleteAtCaret, type InputEdit } from './canvas-input';
import { editForInput } from './input-edits';
import { parseTemplate } from '../model/parse-template';
import { applyChange } from '../model/text-source';

function applied(source: string, edit: InputEdit | null): string {
  if (!edit) return source;
  return [...edit.changes]
    .sort((a, b) => b.from - a.from)
    .reduce((text, change) => applyChange(text, change), source);
}

/** The source with `|` marking the caret, and the caret's offset. */
function at(marked: string): { source: string; caret: number } {
  const caret = marked.indexOf('|');
  return { source: marked.replace('|', ''), caret };
}

/** Enter at the `|` of `marked`: the source after it, with `|` where the caret went. */
function enter(marked: string): string {
  const { source, caret } = at(marked);
  const edit = insertParagraph(parseTemplate(source), { from: caret, to: caret });
  if (!edit) return 'refused';
  const after = applied(source, edit);
  return `${after.slice(0, edit.caret)}|${after.slice(edit.caret)}`;
}

function key(marked: string, inputType: string): string {
  const { source, caret } = at(marked);
  const named = editForInput(
    parseTemplate(source),
    { from: caret, to: caret },
    { inputType, data: null, dataTransfer: null },
    null,
  );
  if (!named) return 'nothing';
  const after = applied(source, named.edit);
  return `${after.slice(0, named.edit.caret)}|${after.slice(named.edit.caret)}`;
}

describe('Enter splits a block', () => {
  it('splits a paragraph in two of the same tag, the caret at the start of the second', () => {
    expect(enter('<p class="x">Hello| world</p>')).toBe(
      '<p class="x">Hello</p>\n<p class="x">| world</p>',
    );
  });

  it('keeps the id on the first half only', () => {
    expect(enter('<h2 id="top" style="margin:0">Ab|cd</h2>')).toBe(
      '<h2 id="top" style="margin:0">Ab</h2>\n<h2 style="margin:0">|cd</h2>',
    );
  });

  it('writes the second half on a line of its own, indented as the first', () => {
    expect(enter('<ul>\n  <li>One|Two</li>\n</ul>')).toBe(
      '<ul>\n  <li>One</li>\n  <li>|Two</li>\n</ul>',
    );
    expect(enter('<td><p>A|B</p></td>')).toBe('<td><p>A</p><p>|B</p></td>');
  });

  it('closes and reopens the marks the caret is in', () => {
    expect(enter('<p>a<strong id="s">b|c</strong>d</p>')).toBe(
      '<p>a<strong id="s">b</strong></p>\n<p><strong>|c</strong>d</p>',
    );
  });

  it('splits a div and a blockquote too', () => {
    expect(enter('<div>x|y</div>')).toBe('<div>x</div>\n<div>|y</div>');
    expect(enter('<blockquote>x|y</blockquote>')).toBe(
      '<blockquote>x</blockquote>\n<blockquote>|y</blockquote>',
    );
  });

  it('is a line break inside a link or button label, a table cell, or a frame in the block', () => {
    expect(enter('<p>Go <a href="/x">Vi|ew</a></p>')).toBe('<p>Go <a href="/x">Vi<br>|ew</a></p>');
    expect(enter('<table><tr><td>Tot|al</td></tr></table>')).toBe(
      '<table><tr><td>Tot<br>|al</td></tr></table>',
    );
    expect(enter('<p>{% if a %}x|y{% endif %}</p>')).toBe('<p>{% if a %}x<br>|y{% endif %}</p>');
  });

  it('Shift+Enter is a line break everywhere', () => {
    expect(key('<p>A|B</p>', 'insertLineBreak')).toBe('<p>A<br>|B</p>');
  });

  it('deletes a selection first, as Delete would, then splits', () => {
    const source = '<p>Hello big world</p>';
    const edit = insertParagraph(parseTemplate(source), { from: 9, to: 13 });
    expect(applied(source, edit)).toBe('<p>Hello </p>\n<p>world</p>');
  });
});

describe('Backspace and Delete at a break or a block edge', () => {
  it('Backspace right after a <br> removes it, Delete before one too', () => {
    expect(deleteAtCaret(parseTemplate('<p>a<br>b</p>'), 8, 'backward')).toEqual({
      changes: [{ from: 4, to: 8, insert: '' }],
      caret: 4,
      nbsp: null,
    });
    expect(key('<p>B.V.<br>\n  |Keizersgracht\n</p>', 'deleteContentBackward')).toBe(
      '<p>B.V.|\n  Keizersgracht\n</p>',
    );
    expect(key('<p>a|<br>b</p>', 'deleteContentForward')).toBe('<p>a|b</p>');
  });

  it('Backspace at the start of a block merges it into the one before of its kind', () => {
    expect(key('<p class="a">One</p>\n<p class="b">|Two</p>', 'deleteContentBackward')).toBe(
      '<p class="a">One|Two</p>',
    );
    expect(key('<h1>One</h1><h2>|Two</h2>', 'deleteContentBackward')).toBe('<h1>One|Two</h1>');
    expect(key('<ul><li>One</li>\n  <li><b>|Two</b></li></ul>', 'deleteContentBackward')).toBe(
      '<ul><li>One|<b>Two</b></li></ul>',
    );
  });

  it("drops the code's layout between the two texts", () => {
    expect(key('<p>\n  One\n</p>\n<p>\n  |Two\n</p>', 'deleteContentBackward')).toBe(
      '<p>\n  One|Two\n</p>',
    );
  });

  it('Delete at the end of a block merges the next one in', () => {
    expect(key('<p>One|</p>\n<p>Two</p>', 'deleteContentForward')).toBe('<p>One|Two</p>');
  });

  it('destroys nothing across other kinds of blocks, a cell, a chip or a Liquid tag', () => {
    expect(key('<h1>One</h1><p>|Two</p>', 'deleteContentBackward')).toBe('nothing');
    expect(key('<td>One</td><td>|Two</td>', 'deleteContentBackward')).toBe('nothing');
    expect(key('<p>One</p>{{ x }}<p>|Two</p>', 'deleteContentBackward')).toBe('nothing');
    expect(key('<p>One</p>{% if a %}<p>|Two</p>{% endif %}', 'deleteContentBackward')).toBe(
      'nothing',
    );
    expect(key('<p>One|</p><!-- x --><p>Two</p>', 'deleteContentForward')).toBe('nothing');
    expect(mergeBlocks(parseTemplate('<p>O|ne</p><p>Two</p>'), 5, 'backward')).toBeNull();
  });
});
