import { useEffect, useRef, useState } from 'react';

function useContainerWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const FRAME_HEIGHT = 720;

export interface PreviewFrameProps {
  html: string;
  /** The width the mail is laid out at (desktop or phone). */
  width: number;
  /** Scaled down to the column instead of shown at 100 % with a sideways scroll. */
  fit: boolean;
}

/**
 * The HTML in an iframe with an empty `sandbox`: no script, form, navigation or access to the
 * dashboard; styles still render because the dashboard's CSP (inherited by `srcdoc`) allows
 * inline styles.
 */
export function PreviewFrame({ html, width, fit }: PreviewFrameProps) {
  const [containerRef, containerWidth] = useContainerWidth();
  const scale = fit && containerWidth > 0 ? Math.min(1, containerWidth / width) : 1;
  const scrolls = containerWidth > 0 && width * scale > containerWidth;
  return (
    <div className="min-w-0">
      <div
        ref={containerRef}
        // At 100 % it scrolls sideways: a scrolling region must take the focus to scroll by keys.
        tabIndex={scrolls ? 0 : undefined}
        role={scrolls ? 'region' : undefined}
        aria-label={scrolls ? 'HTML preview, scrolls sideways' : undefined}
        className="overflow-x-auto"
      >
        <div
          className="border-border mx-auto overflow-hidden rounded-md border bg-white"
          style={{ width: width * scale, height: FRAME_HEIGHT * scale }}
        >
          <iframe
            title="HTML preview"
            sandbox=""
            srcDoc={html}
            style={{
              width,
              height: FRAME_HEIGHT,
              transform: `scale(${scale})`,
              transformOrigin: '0 0',
              border: 0,
              background: 'white',
            }}
          />
        </div>
      </div>
      <p className="text-muted mt-1 text-xs">
        {width} px wide, shown at {Math.round(scale * 100)} %
        {scrolls && ' · scroll sideways, or Fit'}
      </p>
    </div>
  );
}
