// The canvas draws one thing around each drawing (VisualCanvas's `layout` host, decision 079);
// the template's layout and its snippets' previews are two parts that each attach their own.
// The layout goes first: it moves the drawing into its content slot, then the snippets' previews
// are filled wherever their chips are (the layout's own included).
import type { LayoutDrawer } from './canvas-port';

export const DRAWER_ORDER = ['layout', 'snippets'] as const;
export type DrawerSlot = (typeof DRAWER_ORDER)[number];

/** One attach function per part, over the canvas's one `attach`. */
export function drawerSlots(
  attach: (draw: LayoutDrawer | null) => void,
): Record<DrawerSlot, (draw: LayoutDrawer | null) => void> {
  const drawers = new Map<DrawerSlot, LayoutDrawer>();
  const all: LayoutDrawer = (doc, scope) => {
    for (const slot of DRAWER_ORDER) drawers.get(slot)?.(doc, scope);
  };
  const slot = (key: DrawerSlot) => (draw: LayoutDrawer | null) => {
    if (draw) drawers.set(key, draw);
    else drawers.delete(key);
    attach(drawers.size > 0 ? all : null);
  };
  return { layout: slot('layout'), snippets: slot('snippets') };
}
