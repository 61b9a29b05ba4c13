import { describe, expect, it } from 'vitest';
import { contentPlaces, keepContentPort, losesContent } from './content-placeholder';
import type { DocumentPort } from './canvas-port';
import { applyChange, type SourceChange } from '../model/text-source';

const LAYOUT = '<table><tr><td>Header</td></tr><tr><td>{{ content }}</td></tr></table>';
const at = LAYOUT.indexOf('{{ content }}');

/** A document as the code editor keeps it: its text and an undo stack of whole texts. */
function documentOf(text: string): DocumentPort {
  const past: string[] = [];
  const listeners = new Set<(doc: string) => void>();
  return {
    doc: () => text,
    apply: (changes: readonly SourceChange[]) => {
      past.push(text);
      text = [...changes]
        .sort((a, b) => b.from - a.from)
        .reduce((current, change) => applyChange(current, change), text);
      for (const listener of listeners) listener(text);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    undo: () => {
      text = past.pop() ?? text;
    },
    redo: () => undefined,
  };
}

describe("a layout's {{ content }} in the canvas", () => {
  it('counts the places the service counts', () => {
    expect(contentPlaces(LAYOUT)).toBe(1);
    expect(contentPlaces('{{- content -}} and {{content}}')).toBe(2);
    expect(contentPlaces('{{ content_for }} {{ content | upcase }}')).toBe(0);
  });

  it('is lost by deleting it, its cell or everything; not by typing around it', () => {
    expect(losesContent(LAYOUT, [{ from: at, to: at + 13, insert: '' }])).toBe(true);
    expect(losesContent(LAYOUT, [{ from: at - 4, to: at + 18, insert: '' }])).toBe(true);
    expect(losesContent(LAYOUT, [{ from: 0, to: LAYOUT.length, insert: 'x' }])).toBe(true);
    expect(losesContent(LAYOUT, [{ from: 15, to: 21, insert: 'Top' }])).toBe(false);
    // Moved (deleted in one place, inserted in another, one transaction): still there.
    expect(
      losesContent(LAYOUT, [
        { from: at, to: at + 13, insert: '' },
        { from: 15, to: 15, insert: '{{ content }}' },
      ]),
    ).toBe(false);
  });

  it('refuses an edit that deletes it: the document and its undo history stay as they were', () => {
    const document = documentOf(LAYOUT);
    let refused = 0;
    const port = keepContentPort(document, () => (refused += 1));
    port.apply([{ from: 15, to: 21, insert: 'Top' }], 'input.type');
    const typed = document.doc();
    expect(typed).toContain('<td>Top</td>');
    const tag = typed.indexOf('{{ content }}');
    port.apply([{ from: tag, to: tag + 13, insert: '' }], 'delete.backward');
    expect(refused).toBe(1);
    expect(document.doc()).toBe(typed);
    // One undo takes back the typing, not a deletion that never happened.
    port.undo();
    expect(document.doc()).toBe(LAYOUT);
  });
});
