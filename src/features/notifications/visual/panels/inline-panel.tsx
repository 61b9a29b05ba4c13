import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useDismiss } from '../../../../components/ui/popover';

/** What a panel points at: its rectangle in the page's viewport, and the window it scrolls in. */
export interface PanelAnchor {
  rect: () => DOMRect | null;
  scroller: Window | null;
}

/** Space kept between the panel, what it points at, and the window's edges. */
const GAP = 8;

/**
 * Where the panel goes: under `anchor` (above it when there is no room below), moved left
 * when it would leave the window. Fixed coordinates: the anchor may sit in the canvas's frame.
 */
function placeAt(anchor: DOMRect, panel: HTMLElement): CSSProperties {
  const { offsetWidth: width, offsetHeight: height } = panel;
  const below = anchor.bottom + GAP / 2;
  const top =
    below + height > window.innerHeight - GAP && anchor.top - height - GAP / 2 >= GAP
      ? anchor.top - height - GAP / 2
      : below;
  const left = Math.max(GAP, Math.min(anchor.left, window.innerWidth - width - GAP));
  return { position: 'fixed', top, left };
}

/**
 * The frame of the toolbar's popovers: a non-modal dialog at what it edits (`anchor`, in the
 * page's viewport), or under the toolbar without one; Esc closes it. It stays in the toolbar's
 * DOM, so the keyboard order is the same wherever it is drawn.
 */
export function InlinePanel({
  label,
  anchor,
  onClose,
  children,
}: {
  label: string;
  anchor?: PanelAnchor;
  onClose: () => void;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  const [style, setStyle] = useState<CSSProperties | undefined>(undefined);
  useDismiss(true, root, onClose);
  useLayoutEffect(() => {
    const panel = root.current;
    if (!panel || !anchor) return;
    const place = () => {
      const rect = anchor.rect();
      setStyle(rect ? placeAt(rect, panel) : undefined);
    };
    place();
    // The page and the canvas scroll under a fixed panel: it follows what it points at.
    const canvasWindow = anchor.scroller;
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    canvasWindow?.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
      canvasWindow?.removeEventListener('scroll', place, true);
    };
  }, [anchor]);
  return (
    <div
      ref={root}
      role="dialog"
      aria-label={label}
      style={style}
      className="border-border bg-surface text-fg absolute top-full left-0 z-40 mt-1 flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-3 rounded-lg border p-3 text-sm shadow-lg"
    >
      {children}
    </div>
  );
}
