import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { cn } from '../../../../lib/cn';
import type { CanvasInline } from '../view/canvas-inline';
import { ChipPopover } from './chip-popover';
import { LinkPopover } from './link-popover';
import type { OfferedVariable } from '../../editor/template-variables';

const IDLE = { bold: false, italic: false, link: false, panel: null, message: '' } as const;
const noSubscription = () => () => undefined;

function ToolButton({
  pressed,
  label,
  shortcut,
  disabled,
  onClick,
  children,
}: {
  pressed: boolean;
  label: string;
  shortcut: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      aria-keyshortcuts={shortcut}
      title={`${label} (${shortcut.replace('Control', 'Ctrl')})`}
      disabled={disabled}
      // Keeps the canvas's selection and focus: the command acts on them.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'text-fg hover:bg-subtle inline-flex h-8 min-w-8 items-center justify-center rounded px-2 text-sm disabled:opacity-50',
        pressed && 'bg-accent-soft text-accent',
      )}
    >
      {children}
    </button>
  );
}

export interface InlineToolbarProps {
  inline: CanvasInline | null;
  /** The sample's variables, for links. */
  variables: readonly OfferedVariable[];
}

/** Bold, italic and link for the canvas's selection, the state at its caret, and the popovers. */
export function InlineToolbar({ inline, variables }: InlineToolbarProps) {
  const state = useSyncExternalStore(
    inline?.subscribe ?? noSubscription,
    inline?.snapshot ?? (() => IDLE),
  );
  const panel = state.panel;
  const output = panel?.kind === 'chip' ? inline?.output(panel.id) : undefined;
  // One anchor per opened panel: the panel places itself when it opens, and on scroll.
  const anchor = useMemo(
    () => (inline && panel ? { rect: () => inline.panelRect(), scroller: inline.view } : undefined),
    [inline, panel],
  );
  return (
    <div className="relative flex flex-wrap items-center gap-2">
      <div
        role="group"
        aria-label="Text formatting"
        className="border-border bg-surface flex items-center gap-0.5 rounded-md border p-0.5"
      >
        <ToolButton
          label="Bold"
          shortcut="Control+B"
          pressed={state.bold}
          disabled={!inline}
          onClick={() => inline?.toggle('bold')}
        >
          <span className="font-bold">B</span>
        </ToolButton>
        <ToolButton
          label="Italic"
          shortcut="Control+I"
          pressed={state.italic}
          disabled={!inline}
          onClick={() => inline?.toggle('italic')}
        >
          <span className="font-serif italic">I</span>
        </ToolButton>
        <ToolButton
          label="Link"
          shortcut="Control+K"
          pressed={state.link}
          disabled={!inline}
          onClick={() => inline?.openLink()}
        >
          <span className="underline">Link</span>
        </ToolButton>
      </div>
      <p role="status" className="text-muted text-xs">
        {panel ? '' : state.message}
      </p>
      {inline && panel?.kind === 'link' && (
        <LinkPopover
          anchor={anchor}
          initial={panel.href}
          editing={panel.editing}
          variables={variables}
          message={state.message}
          onApply={(href) => inline.setLink(href)}
          onRemove={() => inline.removeLink()}
          onClose={() => inline.close()}
        />
      )}
      {inline && output && (
        <ChipPopover
          key={output.id}
          anchor={anchor}
          output={output}
          markup={inline.markupOf(output)}
          message={state.message}
          onSaveDefault={(value) => inline.setFallback(output.id, value)}
          onRemoveDefault={() => inline.setFallback(output.id, null)}
          onDelete={() => inline.deleteChip(output.id)}
          onClose={() => inline.close()}
        />
      )}
    </div>
  );
}
