import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import type { OfferedVariable } from '../../editor/template-variables';
import { moveBlock, wrapBlock } from '../edits/block-edits';
import { BlockPropertiesForm } from './block-properties-form';
import type { BlockSelection } from '../edits/block-selection';
import { blockCommandOf, SHORTCUTS, type BlockCommand } from '../edits/block-shortcuts';
import { frameTags } from '../edits/block-snippets';
import { BLOCK_LABELS } from '../model/blocks';
import { FrameChooser } from './frame-chooser';
import { InsertPalette } from './insert-palette';
import { useSelectedBlock } from './use-selected-block';

// Loaded with the first block panel, not the editor's first open (issue 38).
const MakeSnippet = lazy(() => import('./make-snippet'));

export interface BlockPanelProps {
  selection: BlockSelection;
  variables: readonly OfferedVariable[];
}

const ACTIONS: { command: keyof typeof SHORTCUTS; label: string }[] = [
  { command: 'move-up', label: 'Move up' },
  { command: 'move-down', label: 'Move down' },
  { command: 'duplicate', label: 'Duplicate' },
  { command: 'delete', label: 'Delete' },
];

/**
 * The side panel of the visual mode: the selected block's actions, wrap, properties, and the
 * insert palette. The block shortcuts work here as in the canvas.
 */
export function BlockPanel({ selection, variables }: BlockPanelProps) {
  const selected = useSelectedBlock(selection);
  const [wrapping, setWrapping] = useState<'loop' | 'condition' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const command: BlockCommand | null = blockCommandOf(event.nativeEvent);
    if (!command || !selection.run(command)) return;
    event.preventDefault();
    // The control that had the focus may be gone with the selection; the panel keeps it.
    if (command === 'clear' || command === 'delete') headingRef.current?.focus();
  };
  const canMove = (direction: 'up' | 'down') =>
    selected !== null && moveBlock(selected.tree.source, selected.place, direction) !== null;

  return (
    <aside
      aria-label="Block"
      onKeyDown={onKeyDown}
      className="border-border bg-surface flex min-w-0 flex-col gap-4 rounded-md border p-3"
    >
      <div>
        <h2 ref={headingRef} tabIndex={-1} className="text-fg text-base font-semibold outline-none">
          {selected ? BLOCK_LABELS[selected.block.kind] : 'No block selected'}
        </h2>
        <p className="text-muted text-xs">
          {selected
            ? 'Escape clears the selection; Alt+↑ selects the block around it.'
            : 'Click a block in the canvas, or press Alt+↑ in a text, to select it.'}
        </p>
      </div>
      {selected && (
        <>
          <div role="group" aria-label="Block actions" className="grid grid-cols-2 gap-1.5">
            {ACTIONS.map(({ command, label }) => (
              <Button
                key={command}
                size="sm"
                variant={command === 'delete' ? 'danger-subtle' : undefined}
                aria-keyshortcuts={SHORTCUTS[command]}
                title={SHORTCUTS[command].replaceAll('+', ' + ')}
                disabled={
                  (command === 'move-up' && !canMove('up')) ||
                  (command === 'move-down' && !canMove('down'))
                }
                onClick={() => {
                  selection.run(command);
                  if (command === 'delete') headingRef.current?.focus();
                }}
              >
                {label}
              </Button>
            ))}
          </div>
          <div role="group" aria-label="Wrap the block" className="flex flex-col gap-1.5">
            <div className="grid grid-cols-2 gap-1.5">
              <Button
                size="sm"
                aria-expanded={wrapping === 'condition'}
                onClick={() => setWrapping('condition')}
              >
                Wrap in Only if…
              </Button>
              <Button
                size="sm"
                aria-expanded={wrapping === 'loop'}
                onClick={() => setWrapping('loop')}
              >
                Wrap in Repeat…
              </Button>
            </div>
            {wrapping && (
              <FrameChooser
                kind={wrapping}
                action="Wrap"
                variables={variables}
                onCancel={() => setWrapping(null)}
                onChoose={(options) => {
                  setWrapping(null);
                  const [open, close] = frameTags(wrapping, options);
                  selection.applyEdit(wrapBlock(selected.tree.source, selected.place, open, close));
                }}
              />
            )}
          </div>
          <section aria-labelledby="properties-heading" className="flex flex-col gap-2">
            <h3 id="properties-heading" className="text-fg text-sm font-semibold">
              Properties
            </h3>
            <BlockPropertiesForm
              selected={selected}
              variables={variables}
              onChange={(changes) => selection.applyChanges(changes)}
            />
          </section>
        </>
      )}
      <Suspense fallback={null}>
        <MakeSnippet selection={selection} selected={selected} />
      </Suspense>
      <InsertPalette selection={selection} selected={selected} variables={variables} />
    </aside>
  );
}
