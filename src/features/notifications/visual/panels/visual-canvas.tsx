import {
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type RefObject,
} from 'react';
import { EditorReadOnlyContext } from '../../editor/read-only-context';
import type { OfferedVariable } from '../../editor/template-variables';
import type { BlockSelection } from '../edits/block-selection';
import { CanvasEditor } from '../view/canvas-editor';
import type { CanvasCallbacks, DocumentPort, LayoutDrawer } from '../view/canvas-port';
import { CanvasInline } from '../view/canvas-inline';
import { InlineToolbar } from './inline-toolbar';
import { makeRoomForTopMarkers } from '../view/marker-room';
import { markUnknownChips } from '../view/unknown-chips';
import { SideBySideBar } from '../../translations/side-by-side-bar';
import type { TranslatorReference } from '../../translations/translator-reference';
import { useSideNotes } from '../../translations/use-side-notes';
import { useRememberedFlag } from '../../editor/use-remembered-flag';

export interface VisualCanvasProps extends Omit<CanvasCallbacks, 'format' | 'drawn'> {
  /** The one document (the code editor's), read when the canvas is ready (decision 037). */
  port: () => DocumentPort | null;
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
  /** Set when a translation is shown: the canvas offers its default beside each block. */
  translatorReference?: TranslatorReference;
  /** What draws the template's layout around it, locked (loaded by the editor on demand). */
  layout?: ComponentType<CanvasLayoutHost> | null;
  /** Drawn after each drawing (a layout's content placeholder). */
  decorate?: LayoutDrawer;
}

/** What a part drawn around the canvas gets: the frame's document, and the hook into drawing. */
export interface CanvasLayoutHost {
  doc: Document;
  /** Draws around each drawing of the canvas from now on (null: no longer). */
  attach: (draw: LayoutDrawer | null) => void;
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
  port,
  sampleData,
  unknownPaths = NONE,
  variables,
  inlineRef,
  onFocus,
  selection,
  translatorReference,
  layout: Layout,
  decorate,
  ...callbacks
}: VisualCanvasProps) {
  // On by default: a translator wants the default beside them; remembered in this browser.
  const [sideBySide, setSideBySide] = useRememberedFlag('side-by-side', true);
  const side = useSideNotes(translatorReference, sideBySide);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [editor, setEditor] = useState<CanvasEditor | null>(null);
  const [inline, setInline] = useState<CanvasInline | null>(null);
  // The frame's document, for what is drawn around the canvas (a layout).
  const [frameDoc, setFrameDoc] = useState<Document | null>(null);
  // The callbacks change every render; the canvas reads them through a ref.
  const readOnly = useContext(EditorReadOnlyContext);
  const readOnlyNow = useRef(readOnly);
  const latest = useRef(callbacks);
  const focused = useRef(onFocus);
  const unknown = useRef(unknownPaths);
  const scope = useRef(sampleData);
  const around = useRef<LayoutDrawer | null>(null);
  const decorated = useRef(decorate);
  useEffect(() => {
    decorated.current = decorate;
    scope.current = sampleData;
    latest.current = callbacks;
    focused.current = onFocus;
    unknown.current = unknownPaths;
    readOnlyNow.current = readOnly;
  });

  useEffect(() => {
    const doc = frameRef.current?.contentDocument;
    if (editor && doc && readOnly) lockCanvas(doc);
  }, [editor, readOnly]);

  useEffect(() => {
    return () => editor?.destroy();
  }, [editor]);

  const attachLayout = useCallback(
    (draw: LayoutDrawer | null) => {
      around.current = draw;
      editor?.redraw();
    },
    [editor],
  );

  useEffect(() => {
    if (inlineRef) inlineRef.current = inline;
    return () => {
      inline?.destroy();
      if (inlineRef) inlineRef.current = null;
    };
  }, [inline, inlineRef]);

  useEffect(() => {
    const doc = editor && frameRef.current?.contentDocument;
    const document = port();
    if (!doc || !selection || !document) return;
    selection.attach(doc, (changes) => {
      document.apply(changes, 'input.visual');
    });
    return () => selection.detach();
  }, [editor, selection, port]);

  // The scope first: connecting draws the document with it.
  useEffect(() => {
    editor?.setScope(sampleData);
  }, [editor, sampleData]);

  // The canvas follows the document itself from now on: no source passes through React.
  useEffect(() => {
    const document = port();
    if (editor && document) editor.connect(document);
  }, [editor, port]);

  // New unknown paths mark chips without a redraw (that would drop the caret); each redraw
  // marks its new chips through `drawn`.
  useEffect(() => {
    const doc = frameRef.current?.contentDocument;
    if (editor && doc) markUnknownChips(doc, unknownPaths);
  }, [editor, unknownPaths]);

  return (
    <div className="flex flex-col gap-2">
      {translatorReference && (
        <SideBySideBar
          on={sideBySide}
          onChange={setSideBySide}
          language={side.language}
          changed={side.changed}
          goTo={side.goTo}
        />
      )}
      {Layout && frameDoc && <Layout doc={frameDoc} attach={attachLayout} />}
      <InlineToolbar inline={inline} variables={variables} />
      <iframe
        ref={frameRef}
        title="Visual editor"
        sandbox="allow-same-origin allow-scripts"
        srcDoc={BLANK}
        // Writing the frame's first document at once would save the `srcdoc` load (~25-50 ms of
        // an open); tried and reverted until its axe run is verified (decision 038's amendment).
        onLoad={() => {
          const doc = frameRef.current?.contentDocument;
          if (!doc) return;
          let commands: CanvasInline | null = null;
          const notes = side.create(doc);
          refuseEditsWhileReadOnly(doc, () => readOnlyNow.current);
          const canvas: CanvasEditor = new CanvasEditor(doc, {
            openCode: (offset) => latest.current.openCode(offset),
            treeChanged: (tree) => {
              notes.typed(tree);
              latest.current.treeChanged?.(tree);
            },
            format: (mark) => commands?.toggle(mark),
            drawn: () => {
              around.current?.(doc, scope.current);
              decorated.current?.(doc, scope.current);
              markUnknownChips(doc, unknown.current);
              makeRoomForTopMarkers(doc);
              notes.drawn(canvas.template);
              if (readOnlyNow.current) lockCanvas(doc);
            },
          });
          commands = new CanvasInline(doc, canvas, () => focused.current?.());
          setEditor(canvas);
          setInline(commands);
          setFrameDoc(doc);
        }}
        className="border-border h-[40rem] w-full rounded-md border bg-white"
      />
    </div>
  );
}

/** Read-only (issue 29): no editing host is left in the canvas; each redraw calls this again. */
function lockCanvas(doc: Document) {
  for (const host of doc.querySelectorAll<HTMLElement>('[contenteditable="true"]')) {
    host.contentEditable = 'false';
  }
}

/** Keys that change a selected block (Delete, Enter) and pasting or dropping are refused too. */
const EDIT_EVENTS = ['beforeinput', 'paste', 'cut', 'drop'] as const;
const EDIT_KEYS = new Set(['Backspace', 'Delete', 'Enter']);

function refuseEditsWhileReadOnly(doc: Document, readOnly: () => boolean) {
  const refuse = (event: Event) => {
    if (!readOnly()) return;
    // The frame's events come from its own realm: `instanceof KeyboardEvent` would be false.
    if (event.type === 'keydown') {
      const key = event as KeyboardEvent;
      const shortcut = key.ctrlKey || key.metaKey;
      if (shortcut ? /^[ac]$/i.test(key.key) : !EDIT_KEYS.has(key.key)) return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  // Capturing on the window runs before the canvas's own listeners on the document.
  for (const type of [...EDIT_EVENTS, 'keydown'] as const) {
    doc.defaultView?.addEventListener(type, refuse, true);
  }
}
