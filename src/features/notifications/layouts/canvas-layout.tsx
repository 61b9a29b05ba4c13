// The template's layout in its Visual canvas (issue 38), loaded on demand with the canvas of a
// template that has a layout: the shown locale's layout html is drawn around the canvas's
// content after every drawing (visual/view/layout-around.ts), dimmed and locked; "Edit layout"
// ("View layout" for a viewer; on the layout, where it is clicked) opens the layout's page in the
// same tab (layout-link.ts). The template's
// document stays the only thing the canvas edits: nothing of the layout enters its source.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { layoutsQueryOptions } from '../../../api/layouts';
import { parseTemplate } from '../visual/model/parse-template';
import { drawLayoutAround, guardLayout } from '../visual/view/layout-around';
import type { LayoutDrawer } from '../visual/view/canvas-port';
import { useLayoutLink } from './layout-link';

export interface CanvasLayoutProps {
  /** The template's layout, as edited. */
  slug: string;
  /** The shown translation; null: the default language. */
  locale: string | null;
  /** The canvas frame's document, once the canvas is ready. */
  doc: Document;
  /** Draws the layout around each drawing of the canvas from now on (null: no longer). */
  attach: (draw: LayoutDrawer | null) => void;
}

export default function CanvasLayout({ slug, locale, doc, attach }: CanvasLayoutProps) {
  const layouts = useQuery(layoutsQueryOptions()).data;
  const layout = layouts?.find((candidate) => candidate.slug === slug);
  const own = locale === null ? undefined : layout?.translations[locale]?.html;
  const html = layout ? (own ?? layout.html) : null;
  const tree = useMemo(() => (html === null ? null : parseTemplate(html)), [html]);
  const { label, open } = useLayoutLink();

  useEffect(() => guardLayout(doc, () => open(slug)), [doc, open, slug]);
  useEffect(() => {
    if (!tree) return;
    attach((frame, scope) => {
      drawLayoutAround(frame, tree, scope, label);
    });
    return () => attach(null);
  }, [tree, attach, label]);

  // The line over the canvas that names the layout is the editor's (layout-note.tsx).
  return null;
}
