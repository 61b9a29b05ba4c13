import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import type { OfferedVariable } from '../template-variables';
import type { BlockSelection } from './block-selection';
import { CanvasEditor, type CanvasCallbacks } from './canvas-editor';
import { CanvasInline } from './canvas-inline';
import { InlineToolbar } from './inline-toolbar';
import { markUnknownChips } from './unknown-chips';

export interface VisualCanvasProps extends CanvasCallbacks {
  source: string;
  sampleData: Record<string, unknown>;
  /** Paths no sample has: their chips are marked as unknown. */
  unknownPaths?: ReadonlySet<string>;
  /** The sample's variables, offered in the link popover. */
  variables: readonly OfferedVariable[];
  /** The canvas's inline commands, for inserting a variable from the panel at its caret. */
  inlineRef?: RefObject<CanvasInline | null>;
  onFocus?: () => void;
  /** Block selection (click, keyboard, outline) in the canvas, when the page offers blocks. */
  selection?: BlockSelection;
}

const NONE: ReadonlySet<string> = new Set();

const BLANK = '<!doctype html><html><head></head><body></body></html>';

/**
 * The template drawn as the customer sees it, edited in place. What keeps the template's code
 * from running is how the canvas is built (DOM calls from the tree: no `script`, no `on*`
 * attributes, no `javascript:` URLs; embedding elements are locked islands) and the page CSP the
 * `srcdoc` inherits (`script-src 'self'`, no inline script). The sandbox keeps forms, popups and
 * top navigation out; it must allow scripts because Chromium blocks even the dashboard's own
 * listeners on a frame without `allow-scripts`.
 */
export function VisualCanvas({
  source,
  sampleData,
  unknownPaths = NONE,
  variables,
  inlineRef,
  onFocus,
  selection,
  ...callbacks
}: VisualCanvasProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [editor, setEditor] = useState<CanvasEditor | null>(null);
  const [inline, setInline] = useState<CanvasInline | null>(null);
  // The callbacks change every render; the canvas reads them through a ref.
  const latest = useRef(callbacks);
  const focused = useRef(onFocus);
  useEffect(() => {
    latest.current = callbacks;
    focused.current = onFocus;
  });

  useEffect(() => {
    return () => editor?.destroy();
  }, [editor]);

  useEffect(() => {
    if (inlineRef) inlineRef.current = inline;
    return () => {
      inline?.destroy();
      if (inlineRef) inlineRef.current = null;
    };
  }, [inline, inlineRef]);

  useEffect(() => {
    const doc = editor && frameRef.current?.contentDocument;
    if (!doc || !selection) return;
    selection.attach(doc, (changes) => latest.current.change(changes));
    return () => selection.detach();
  }, [editor, selection]);

  useEffect(() => {
    editor?.show(source, sampleData);
  }, [editor, source, sampleData]);

  // Apart from `show`: new unknown paths must not redraw the canvas (that would drop the caret).
  // It runs after every change, as the canvas may have drawn new chips while the source was typed.
  useEffect(() => {
    const doc = frameRef.current?.contentDocument;
    if (editor && doc) markUnknownChips(doc, unknownPaths);
  }, [editor, source, sampleData, unknownPaths]);

  return (
    <div className="flex flex-col gap-2">
      <InlineToolbar inline={inline} variables={variables} />
      <iframe
        ref={frameRef}
        title="Visual editor"
        sandbox="allow-same-origin allow-scripts"
        srcDoc={BLANK}
        onLoad={() => {
          const doc = frameRef.current?.contentDocument;
          if (!doc) return;
          const canvas = new CanvasEditor(doc, {
            // The canvas already shows its edit and holds its own tree: the form (and what
            // follows it) renders at a lower priority, so the keystroke's frame is painted first.
            // Block panel edits (the selection's own path below) still render at once: the
            // panel computes its next edit from the tree that render brings.
            change: (changes) => {
              startTransition(() => latest.current.change(changes));
            },
            undo: () => latest.current.undo(),
            redo: () => latest.current.redo(),
            openCode: (offset) => latest.current.openCode(offset),
            treeChanged: (tree) => latest.current.treeChanged?.(tree),
          });
          setEditor(canvas);
          setInline(new CanvasInline(doc, canvas, () => focused.current?.()));
        }}
        className="border-border h-[40rem] w-full rounded-md border bg-white"
      />
    </div>
  );
}
