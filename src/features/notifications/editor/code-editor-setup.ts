// CodeMirror configuration for the template editors: what a code view needs from its first paint
// (the view, its theme and the undo keys of its document's owner, template-document.ts). The grammars and what reads them
// (highlighting, completions, search, folding) are in `code-editor-language.ts`, which
// `code-editor.tsx` loads after the editor has mounted (decision 080). Imported only through
// `code-editor.tsx`, which the editor page loads on demand, so no other page pays for CodeMirror.
import { Compartment, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  placeholder as placeholderExtension,
} from '@codemirror/view';

export type EditorMode = 'liquid-html' | 'liquid-text' | 'json';

const theme = EditorView.theme({
  '&': {
    backgroundColor: 'var(--sc-surface)',
    color: 'var(--sc-fg)',
    fontSize: '13px',
    border: '1px solid var(--sc-border)',
    borderRadius: '0.375rem',
  },
  '&.cm-focused': { outline: '2px solid var(--sc-ring)', outlineOffset: '1px' },
  '.cm-content': {
    fontFamily: 'var(--font-mono, ui-monospace, monospace)',
    caretColor: 'var(--sc-fg)',
  },
  '.cm-scroller': { fontFamily: 'var(--font-mono, ui-monospace, monospace)', lineHeight: '1.55' },
  '.cm-gutters': {
    backgroundColor: 'var(--sc-subtle)',
    color: 'var(--sc-muted)',
    borderRight: '1px solid var(--sc-border)',
    borderTopLeftRadius: '0.375rem',
    borderBottomLeftRadius: '0.375rem',
  },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--sc-accent) 6%, transparent)' },
  '.cm-activeLineGutter': {
    backgroundColor: 'color-mix(in srgb, var(--sc-accent) 12%, transparent)',
  },
  '.cm-selectionBackground, &.cm-focused .cm-selectionBackground': {
    backgroundColor: 'color-mix(in srgb, var(--sc-accent) 25%, transparent) !important',
  },
  '.cm-matchingBracket': {
    backgroundColor: 'color-mix(in srgb, var(--sc-success) 25%, transparent)',
  },
  '.cm-panels': { backgroundColor: 'var(--sc-subtle)', color: 'var(--sc-fg)' },
  '.cm-tooltip': { backgroundColor: 'var(--sc-surface)', border: '1px solid var(--sc-border)' },
  '.cm-placeholder': { color: 'var(--sc-muted)' },
});

/** Label and description live in a compartment: an error appearing changes them in place. */
export const attributes = new Compartment();

export function contentAttributes(label: string, describedBy: string | undefined): Extension {
  return EditorView.contentAttributes.of({
    'aria-label': label,
    // Explicit, so checkers see the scrolling editor as reachable by keyboard.
    tabindex: '0',
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  });
}

export interface SetupOptions {
  label: string;
  describedBy?: string;
  placeholder?: string;
  onFocus?: () => void;
  /** The document owner's undo and redo (the history lives in the owner's state). */
  undo: () => void;
  redo: () => void;
  /** Where the grammar and what reads it go once loaded (code-editor-language.ts). */
  language: Extension;
}

function runs(command: () => void) {
  return () => {
    command();
    return true;
  };
}

export function createExtensions(options: SetupOptions): Extension[] {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    // After the line numbers: the fold and lint gutters it brings sit where they always did.
    options.language,
    drawSelection(),
    highlightActiveLine(),
    EditorView.lineWrapping,
    keymap.of([
      { key: 'Mod-z', run: runs(options.undo), preventDefault: true },
      { key: 'Mod-y', mac: 'Mod-Shift-z', run: runs(options.redo), preventDefault: true },
      { linux: 'Ctrl-Shift-z', run: runs(options.redo), preventDefault: true },
    ]),
    // The browser's own undo and redo (a context menu, a shortcut the keymap did not see).
    EditorView.domEventHandlers({
      beforeinput: (event) => {
        const command =
          event.inputType === 'historyUndo'
            ? options.undo
            : event.inputType === 'historyRedo'
              ? options.redo
              : null;
        if (!command) return false;
        event.preventDefault();
        command();
        return true;
      },
    }),
    theme,
    options.placeholder ? placeholderExtension(options.placeholder) : [],
    attributes.of(contentAttributes(options.label, options.describedBy)),
    EditorView.updateListener.of((update) => {
      if (update.focusChanged && update.view.hasFocus) options.onFocus?.();
    }),
  ];
}
