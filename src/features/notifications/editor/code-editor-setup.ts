// CodeMirror configuration for the template editors. Imported only through `code-editor.tsx`,
// which the editor page loads on demand, so no other page pays for CodeMirror.
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
  type Completion,
  type CompletionContext,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { html } from '@codemirror/lang-html';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { closePercentBrace, liquid } from '@codemirror/lang-liquid';
import {
  bracketMatching,
  foldGutter,
  HighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { lintGutter, linter, lintKeymap } from '@codemirror/lint';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  placeholder as placeholderExtension,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';

export type EditorMode = 'liquid-html' | 'liquid-text' | 'json';

/** Colours readable on both themes (`light-dark()` follows the page's colour scheme). */
const highlight = HighlightStyle.define([
  {
    tag: [tags.keyword, tags.controlKeyword, tags.operatorKeyword],
    color: 'light-dark(#7c3aed, #c4b5fd)',
  },
  { tag: [tags.tagName], color: 'light-dark(#1d4ed8, #93c5fd)' },
  { tag: [tags.attributeName, tags.propertyName], color: 'light-dark(#9a3412, #fdba74)' },
  { tag: [tags.string, tags.attributeValue], color: 'light-dark(#166534, #86efac)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'light-dark(#0e7490, #67e8f9)' },
  { tag: [tags.variableName], color: 'light-dark(#be185d, #f9a8d4)' },
  { tag: [tags.function(tags.variableName)], color: 'light-dark(#854d0e, #fde047)' },
  { tag: [tags.comment], color: 'light-dark(#57534e, #a8a29e)', fontStyle: 'italic' },
  {
    tag: [tags.brace, tags.bracket, tags.angleBracket, tags.punctuation],
    color: 'light-dark(#52525b, #a1a1aa)',
  },
]);

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

/** Property names the sample offers under a path, for `customer.` completions. */
function propertiesOf(data: unknown, path: readonly string[]): Completion[] {
  let current: unknown = data;
  for (const segment of path) {
    if (Array.isArray(current))
      current = segment === 'first' || segment === 'last' ? current[0] : undefined;
    else if (typeof current === 'object' && current !== null)
      current = (current as Record<string, unknown>)[segment];
    else return [];
  }
  if (Array.isArray(current)) {
    return ['size', 'first', 'last'].map((label) => ({ label, type: 'property' }));
  }
  if (typeof current !== 'object' || current === null) return [];
  return Object.keys(current).map((label) => ({ label, type: 'property' }));
}

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
  mode: EditorMode;
  label: string;
  describedBy?: string;
  placeholder?: string;
  /** Read lazily so completions follow the active sample without rebuilding the editor. */
  sampleData: () => unknown;
  onChange: (value: string) => void;
  onFocus?: () => void;
}

export function createExtensions(options: SetupOptions): Extension[] {
  const language =
    options.mode === 'json'
      ? [json(), linter(jsonParseLinter(), { delay: 200 })]
      : [
          liquid({
            base: options.mode === 'liquid-html' ? html() : undefined,
            variables: [],
            properties: (path) => propertiesOf(options.sampleData(), path),
          }),
          closePercentBrace,
          autocompletion({ activateOnTyping: true }),
          EditorState.languageData.of(() => [
            {
              autocomplete: (context: CompletionContext) => {
                const word = context.matchBefore(/\{\{\s*\w*$/);
                if (!word) return null;
                const data = options.sampleData();
                const keys = typeof data === 'object' && data !== null ? Object.keys(data) : [];
                const start = word.from + (/\{\{\s*/.exec(word.text)?.[0].length ?? 0);
                return { from: start, options: keys.map((label) => ({ label, type: 'variable' })) };
              },
            },
          ]),
        ];
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    foldGutter(),
    lintGutter(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    search({ top: true }),
    syntaxHighlighting(highlight),
    EditorView.lineWrapping,
    keymap.of([
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...historyKeymap,
      ...completionKeymap,
      ...lintKeymap,
      indentWithTab,
    ]),
    theme,
    language,
    options.placeholder ? placeholderExtension(options.placeholder) : [],
    attributes.of(contentAttributes(options.label, options.describedBy)),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) options.onChange(update.state.doc.toString());
      if (update.focusChanged && update.view.hasFocus) options.onFocus?.();
    }),
  ];
}
