import { Transaction } from '@codemirror/state';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { historyDepth, NEW_GROUP_DELAY } from './document-history';
import { createTemplateDocument, documentPort } from './template-document';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(1_000_000);
});
afterEach(() => {
  vi.useRealTimers();
});

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe('the template document', () => {
  it('tells every listener of each new text, once per transaction, its own edits included', () => {
    const document = createTemplateDocument('<p>Hi</p>');
    const heard: string[] = [];
    const stop = documentPort(document).subscribe((doc) => heard.push(doc));
    document.apply([{ from: 5, to: 5, insert: '!' }], 'input.type');
    document.replaceDocument('<p>Bye</p>', 'revert');
    document.replaceDocument('<p>Bye</p>', 'revert'); // the same text: no transaction
    document.dispatch({ selection: { anchor: 1 } }); // a selection only: no new text
    stop();
    document.apply([{ from: 0, to: 0, insert: 'x' }], 'input.type');
    expect(heard).toEqual(['<p>Hi!</p>', '<p>Bye</p>']);
  });

  it('refuses a transaction made from a state that is no longer current', () => {
    const document = createTemplateDocument('abc');
    const stale = document.state.update({ changes: { from: 0, insert: '1' } });
    document.apply([{ from: 3, to: 3, insert: 'd' }], 'input.type');
    document.dispatchTransactions([stale]);
    expect(document.doc()).toBe('abcd');
  });

  it('joins adjacent typing within the delay into one undo step, as CodeMirror does', () => {
    const document = createTemplateDocument('');
    for (const [at, letter] of ['H', 'e', 'l', 'l', 'o'].entries()) {
      document.apply([{ from: at, to: at, insert: letter }], 'input.type');
      later(NEW_GROUP_DELAY - 1);
    }
    later(NEW_GROUP_DELAY);
    document.apply([{ from: 5, to: 5, insert: '!' }], 'input.type');
    expect(historyDepth(document.state)).toEqual({ undo: 2, redo: 0 });
    document.undo();
    expect(document.doc()).toBe('Hello');
    document.undo();
    expect(document.doc()).toBe('');
    document.redo();
    document.redo();
    expect(document.doc()).toBe('Hello!');
  });

  it('keeps typing apart from a visual command, a replaced document and typing elsewhere', () => {
    const document = createTemplateDocument('<p>ab</p>');
    document.apply([{ from: 5, to: 5, insert: 'c' }], 'input.type');
    document.apply([{ from: 0, to: 10, insert: '<h1>abc</h1>' }], 'input.visual');
    document.apply([{ from: 7, to: 7, insert: 'd' }], 'input.type');
    document.apply([{ from: 0, to: 0, insert: 'x' }], 'input.type'); // not adjacent
    document.replaceDocument('<p>draft</p>', 'draft');
    expect(historyDepth(document.state).undo).toBe(5);
    const texts = [document.doc()];
    for (let step = 0; step < 5; step += 1) {
      document.undo();
      texts.push(document.doc());
    }
    expect(texts).toEqual([
      '<p>draft</p>',
      'x<h1>abcd</h1>',
      '<h1>abcd</h1>',
      '<h1>abc</h1>',
      '<p>abc</p>',
      '<p>ab</p>',
    ]);
  });

  it('starts a new step when the selection moved between two keystrokes', () => {
    const document = createTemplateDocument('ab');
    document.apply([{ from: 2, to: 2, insert: 'c' }], 'input.type');
    document.dispatch({ selection: { anchor: 3 }, userEvent: 'select' });
    document.apply([{ from: 3, to: 3, insert: 'd' }], 'input.type');
    document.undo();
    expect(document.doc()).toBe('abc');
  });

  it('puts the selection back where it was before the step it undoes', () => {
    const document = createTemplateDocument('one two');
    document.dispatch({ selection: { anchor: 3 } });
    document.dispatch({
      changes: { from: 3, insert: ' and' },
      selection: { anchor: 7 },
      userEvent: 'input.type',
    });
    document.undo();
    expect(document.state.selection.main.head).toBe(3);
    document.redo();
    expect(document.state.selection.main.head).toBe(7);
  });

  it('drops what could be redone once a new edit is made, and undoes nothing past the start', () => {
    const document = createTemplateDocument('a');
    document.undo();
    expect(document.doc()).toBe('a');
    document.apply([{ from: 1, to: 1, insert: 'b' }], 'input.visual');
    document.undo();
    document.apply([{ from: 1, to: 1, insert: 'c' }], 'input.visual');
    document.redo();
    expect(document.doc()).toBe('ac');
    expect(historyDepth(document.state)).toEqual({ undo: 1, redo: 0 });
  });

  it('inserts at the selection and puts the cursor after the insertion', () => {
    const document = createTemplateDocument('<p></p>');
    document.dispatch({ selection: { anchor: 3 } });
    document.insert('{{ name }}');
    expect(document.doc()).toBe('<p>{{ name }}</p>');
    expect(document.state.selection.main.head).toBe(13);
  });

  it('undoes any run of edits back to the first text, and redoes them to the last', () => {
    const edit = fc.record({
      at: fc.nat(),
      length: fc.nat({ max: 3 }),
      insert: fc.string({ maxLength: 3 }),
      event: fc.constantFrom('input.type', 'delete.backward', 'input.visual', undefined),
      pause: fc.constantFrom(0, NEW_GROUP_DELAY),
    });
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.array(edit, { maxLength: 12 }),
        (start, edits) => {
          const document = createTemplateDocument(start);
          for (const { at, length, insert, event, pause } of edits) {
            const size = document.state.doc.length;
            const from = at % (size + 1);
            document.dispatch({
              changes: { from, to: Math.min(size, from + length), insert },
              ...(event ? { userEvent: event } : {}),
              annotations: Transaction.time.of(Date.now()),
            });
            later(pause);
          }
          const end = document.doc();
          while (historyDepth(document.state).undo > 0) document.undo();
          expect(document.doc()).toBe(start);
          while (historyDepth(document.state).redo > 0) document.redo();
          expect(document.doc()).toBe(end);
        },
      ),
    );
  });
});
