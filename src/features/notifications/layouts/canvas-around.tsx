// What is drawn around a template's Visual canvas (issue 38), one chunk loaded on demand with the
// canvas: the template's layout (dimmed and locked, canvas-layout.tsx) and what each of its
// snippets renders, in its chip (canvas-snippets.tsx). Both draw after each drawing of the
// canvas, through the one hook the canvas offers, layout first (visual/view/drawer-slots.ts).
import { useMemo } from 'react';
import type { CanvasLayoutHost } from '../visual/panels/visual-canvas';
import { drawerSlots } from '../visual/view/drawer-slots';
import CanvasLayout from './canvas-layout';
import CanvasSnippets from './canvas-snippets';

export interface CanvasAroundProps extends CanvasLayoutHost {
  /** The template's layout, as edited; null: none. */
  slug: string | null;
  /** The shown translation; null: the default language. */
  locale: string | null;
}

export default function CanvasAround({ slug, locale, doc, attach }: CanvasAroundProps) {
  const slots = useMemo(() => drawerSlots(attach), [attach]);
  return (
    <>
      {slug && <CanvasLayout slug={slug} locale={locale} doc={doc} attach={slots.layout} />}
      <CanvasSnippets locale={locale} doc={doc} attach={slots.snippets} />
    </>
  );
}
