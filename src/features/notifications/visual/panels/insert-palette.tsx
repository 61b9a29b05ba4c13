import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import type { OfferedVariable } from '../../editor/template-variables';
import { amongRows, insertAfter } from '../edits/block-edits';
import type { BlockSelection, SelectedBlock } from '../edits/block-selection';
import { asRow, PALETTE, snippetFor, type SnippetOptions } from '../edits/block-snippets';
import { FrameChooser } from './frame-chooser';

export interface InsertPaletteProps {
  selection: BlockSelection;
  selected: SelectedBlock | null;
  variables: readonly OfferedVariable[];
}

/** Inserts e-mail-safe blocks after the selected block, or at the end of the body. */
export function InsertPalette({ selection, selected, variables }: InsertPaletteProps) {
  const [asking, setAsking] = useState<'loop' | 'condition' | null>(null);

  const insert = (kind: (typeof PALETTE)[number]['kind'], options?: SnippetOptions) => {
    setAsking(null);
    const tree = selected?.tree ?? selection.currentTree();
    const snippet = snippetFor(kind, options);
    const rows = selected !== null && amongRows(selected.places, selected.block);
    selection.applyEdit(
      insertAfter(tree, selected?.place ?? null, rows ? asRow(snippet) : snippet),
    );
  };

  return (
    <section aria-labelledby="insert-heading" className="flex flex-col gap-2">
      <h3 id="insert-heading" className="text-fg text-sm font-semibold">
        Insert {selected ? 'after the selected block' : 'at the end'}
      </h3>
      <ul className="grid grid-cols-2 gap-1.5" aria-label="Blocks to insert">
        {PALETTE.map((entry) => (
          <li key={entry.kind}>
            <Button
              size="sm"
              // A long label ("Repeat for each…") wraps inside its half of a narrow panel rather
              // than running out of the button (the size's fixed height and no-wrap give way).
              className="h-auto! min-h-8 w-full justify-start py-1 text-left whitespace-normal!"
              aria-expanded={
                entry.kind === 'loop' || entry.kind === 'condition'
                  ? asking === entry.kind
                  : undefined
              }
              onClick={() => {
                if (entry.kind === 'loop' || entry.kind === 'condition') setAsking(entry.kind);
                else insert(entry.kind);
              }}
            >
              {entry.label}
            </Button>
          </li>
        ))}
      </ul>
      {asking && (
        <FrameChooser
          kind={asking}
          action="Insert"
          variables={variables}
          onChoose={(options) => insert(asking, options)}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
