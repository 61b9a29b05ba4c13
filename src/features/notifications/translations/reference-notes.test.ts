import { describe, expect, it } from 'vitest';
import { piecesText } from '../visual/model/block-text';
import { parseTemplate } from '../visual/model/parse-template';
import { blockNotes, referenceTrees } from './reference-notes';

const OLD_EN = '<h1>Welcome, {{ name }}!</h1><p>Your account is ready to use.</p>';
const EN = '<h1>Welcome, {{ name }}!</h1><p>Your account is ready.</p><p>See {{ url }}</p>';
const NL = '<h1>Welkom, {{ name }}!</h1><p>Je account is klaar.</p><p>Zie {{ url }}</p>';

describe('blockNotes', () => {
  it("shows the default's text of each paired block, unchanged when nothing is known", () => {
    const notes = blockNotes(parseTemplate(NL), referenceTrees(EN, null));
    expect(notes.map((note) => [piecesText(note.pieces), note.change.kind])).toEqual([
      ['Welcome, {{ name }}!', 'same'],
      ['Your account is ready.', 'same'],
      ['See {{ url }}', 'same'],
    ]);
  });

  it('diffs a changed block and flags one new in the default since the translation', () => {
    const notes = blockNotes(parseTemplate(NL), referenceTrees(EN, OLD_EN));
    expect(notes.map((note) => note.change.kind)).toEqual(['same', 'changed', 'new']);
    const changed = notes[1]?.change;
    expect(
      changed?.kind === 'changed' && changed.diff.filter((part) => part.op !== 'same'),
    ).toEqual([
      { op: 'removed', piece: { kind: 'text', text: 'ready to use.' } },
      { op: 'added', piece: { kind: 'text', text: 'ready.' } },
    ]);
  });

  it('does not call a block new when the default only moved it (its text was there)', () => {
    const before = '<p>A {{ a }}</p><p>Same words</p>';
    const after = '<p>Intro</p><p>A {{ a }}</p><p>Same words</p>';
    const notes = blockNotes(
      parseTemplate('<p>Inleiding</p><p>A {{ a }}</p><p>Zelfde</p>'),
      referenceTrees(after, before),
    );
    expect(notes.map((note) => [piecesText(note.pieces), note.change.kind])).toEqual([
      ['Intro', 'new'],
      ['A {{ a }}', 'same'],
      ['Same words', 'same'],
    ]);
  });
});
