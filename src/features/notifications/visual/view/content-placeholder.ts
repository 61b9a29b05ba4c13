// A layout in the Visual canvas (issue 38): its `{{ content }}` is where each e-mail goes, drawn
// as a placeholder block, and no visual edit may take it away. The service refuses a layout
// without exactly one; the canvas refuses the edit before it reaches the document (the one
// document, decision 037), so nothing enters the undo history and undo stays as it was.
// Loaded with the layout's editor (layouts/layout-html-field.tsx), never with a template's.
import type { DocumentPort, LayoutDrawer } from './canvas-port';
import { applyChange, type SourceChange } from '../model/text-source';

/** `{{ content }}`, `{{- content -}}`: the place the service counts (decision 062). */
const CONTENT_TAG = /\{\{-?\s*content\s*-?\}\}/g;

export function contentPlaces(source: string): number {
  return source.match(CONTENT_TAG)?.length ?? 0;
}

/** Whether changes to `source` would take away a `{{ content }}` it has. */
export function losesContent(source: string, changes: readonly SourceChange[]): boolean {
  const before = contentPlaces(source);
  if (before === 0) return false;
  const next = [...changes]
    .sort((a, b) => b.from - a.from)
    .reduce((text, change) => applyChange(text, change), source);
  return contentPlaces(next) < before;
}

/**
 * The document as the canvas of a layout sees it: an edit that would delete the layout's
 * `{{ content }}` is not applied (`onRefused` says why); everything else passes.
 */
export function keepContentPort(port: DocumentPort, onRefused: () => void): DocumentPort {
  return {
    doc: () => port.doc(),
    subscribe: (listener) => port.subscribe(listener),
    undo: () => port.undo(),
    redo: () => port.redo(),
    apply: (changes, userEvent) => {
      if (losesContent(port.doc(), changes)) onRefused();
      else port.apply(changes, userEvent);
    },
  };
}

const PLACEHOLDER_CSS = `
.sc-chip.sc-content-place{display:block;box-sizing:border-box;margin:8px 0;padding:20px 12px;text-align:center;font:600 13px/1.4 system-ui,sans-serif;color:#1e3a8a;background:repeating-linear-gradient(135deg,#eff6ff 0 10px,#dbeafe 10px 20px);border-radius:6px;box-shadow:inset 0 0 0 2px #60a5fa}
.sc-chip.sc-content-place::after{display:none}
`;

/** Draws the layout's `{{ content }}` chips as the placeholder block each e-mail goes in. */
export const drawContentPlaceholder: LayoutDrawer = (doc) => {
  const style = doc.createElement('style');
  style.textContent = PLACEHOLDER_CSS;
  doc.head.append(style);
  for (const chip of doc.querySelectorAll<HTMLElement>('.sc-chip[data-tip]')) {
    if (!contentPlaces(chip.dataset.tip ?? '')) continue;
    chip.classList.add('sc-content-place');
    chip.textContent = "Each e-mail's content goes here";
    chip.setAttribute('aria-label', "Each e-mail's content goes here: {{ content }}");
  }
};
