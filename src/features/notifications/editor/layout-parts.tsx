// The editor's ways into layouts and snippets (issue 38), each loaded on demand so the editor's
// first open does not grow: the layout select, the document preview (the one renderer with the
// layout and the snippets) for a template that has a layout or renders a snippet, and what is
// drawn around the Visual canvas (the layout, the snippets' previews).
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { CanvasLayoutHost } from '../visual/panels/visual-canvas';
import { LayoutNote } from '../layouts/layout-note';
import type { DocumentPreview } from '../layouts/document-sources';
import { loadCanvasAround, loadedCanvasAround } from './preload-around';
import type { PreviewState } from './render-template';

export const LayoutSelect = lazy(() => import('../layouts/layout-select'));
export const DocumentRender = lazy(() => import('../layouts/document-render'));
// Usually fetched already, with the notification (preload-around.ts).
const CanvasAround = lazy(loadCanvasAround);

/**
 * What is drawn around a template's Visual canvas (loaded on demand): its layout, dimmed and
 * locked, and what each of its snippets renders, in its chip.
 */
export function layoutAround(slug: string | null, locale: string | null) {
  return function LayoutAround(host: CanvasLayoutHost) {
    // Arrived: drawn in the canvas's own commit, so its drawers are there for the first drawing.
    const Loaded = loadedCanvasAround()?.default;
    return (
      <>
        {slug && <LayoutNote slug={slug} />}
        {Loaded ? (
          <Loaded slug={slug} locale={locale} {...host} />
        ) : (
          <Suspense fallback={null}>
            <CanvasAround slug={slug} locale={locale} {...host} />
          </Suspense>
        )}
      </>
    );
  };
}

const SNIPPET_TAG = /\{%-?\s*(render|include)\s/;

/** Whether the preview needs the one renderer: a layout, or a snippet in the shown texts. */
export function needsDocument(values: { layout: string | null; html: string; text: string }) {
  return values.layout !== null || SNIPPET_TAG.test(values.html) || SNIPPET_TAG.test(values.text);
}

/** The template-only preview with the document's html and text over it, once rendered. */
export function useDocumentPreview(base: PreviewState, active: boolean) {
  const [document, setState] = useState<DocumentPreview | null>(null);
  // A field that fails keeps its last good output, so the preview never goes blank mid-typing.
  const setDocument = useCallback(
    (next: DocumentPreview | null) =>
      setState(
        (previous) =>
          next && { outputs: { ...previous?.outputs, ...next.outputs }, errors: next.errors },
      ),
    [],
  );
  const preview = useMemo(
    () =>
      active && document
        ? {
            outputs: { ...base.outputs, ...document.outputs },
            errors: { subject: base.errors.subject, ...document.errors },
          }
        : base,
    [active, document, base],
  );
  return { preview, setDocument };
}
