// What the code editors add once the first paint is done (decision 080): the Liquid, HTML, CSS,
// JavaScript and JSON grammars with their highlighting, completions, search, folding and bracket
// handling, and the keys that go with them. They are most of CodeMirror's weight, and the first
// open of a template (in Visual mode for a new admin) shows no code, so `code-editor.tsx` loads
// this module after it has mounted and puts it into each editor's language compartment.
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
  type Completion,
  type CompletionContext,
} from '@codemirror/autocomplete';
import { defaultKeymap, indentWithTab } from '@codemirror/commands';
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
import { EditorState, type Extension } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import type { EditorMode } from './code-editor-setup';

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

export interface LanguageOptions {
  mode: EditorMode;
  /** Read lazily so completions follow the active sample without rebuilding the editor. */
  sampleData: () => unknown;
}

/** The grammar of MODE with everything that reads it, in the order the editor had them. */
export function languageExtensions(options: LanguageOptions): Extension[] {
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
    foldGutter(),
    lintGutter(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    highlightSelectionMatches(),
    search({ top: true }),
    syntaxHighlighting(highlight),
    keymap.of([
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...completionKeymap,
      ...lintKeymap,
      indentWithTab,
    ]),
    language,
  ];
}
