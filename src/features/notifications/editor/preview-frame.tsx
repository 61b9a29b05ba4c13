import { useEffect, useMemo, useState } from 'react';
import { previewDocument } from './preview-document';
import { useContainerWidth } from '../../../lib/use-container-width';

const FRAME_HEIGHT = 720;

export interface PreviewFrameProps {
  html: string;
  /** The width the mail is laid out at (desktop or phone). */
  width: number;
  /** Scaled down to the column instead of shown at 100 % with a sideways scroll. */
  fit: boolean;
  /** The frame's accessible name, unique on the page ('HTML preview'). */
  title?: string;
  /** As a client in dark mode shows it (issue 39). */
  dark?: boolean;
}

/**
 * The HTML in an iframe with an empty `sandbox`: no script, form, popup or access to the
 * dashboard, and (previewDocument) no link that navigates the frame; styles, `https:` images and
 * web fonts still render because the dashboard's CSP (inherited by `srcdoc`) allows them.
 */
export function PreviewFrame({
  html,
  width,
  fit,
  title = 'HTML preview',
  dark = false,
}: PreviewFrameProps) {
  // The dark rewrite loads with the first use of the toggle (the editor's first open is budgeted).
  const [darken, setDarken] = useState<((html: string) => string) | null>(null);
  useEffect(() => {
    if (dark && !darken) void import('./dark-preview').then((m) => setDarken(() => m.darkDocument));
  }, [dark, darken]);
  const shown = useMemo(() => {
    const base = previewDocument(html);
    return dark && darken ? darken(base) : base;
  }, [html, dark, darken]);
  const canvas = dark ? '#121212' : 'white';
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
        aria-label={scrolls ? `${title}, scrolls sideways` : undefined}
        className="overflow-x-auto"
      >
        <div
          className="border-border mx-auto overflow-hidden rounded-md border"
          style={{ width: width * scale, height: FRAME_HEIGHT * scale, background: canvas }}
        >
          <iframe
            title={title}
            sandbox=""
            srcDoc={shown}
            style={{
              width,
              height: FRAME_HEIGHT,
              transform: `scale(${scale})`,
              transformOrigin: '0 0',
              border: 0,
              background: canvas,
              colorScheme: dark ? 'dark' : 'light',
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
