import { memo, useState, type ReactNode } from 'react';
import {
  SegmentedButton,
  SegmentedControl,
  SegmentedGroup,
  type SegmentedOption,
} from '../../../components/ui/segmented-control';
import { PreviewFrame } from './preview-frame';
import type { PreviewState } from './render-template';
import { useContainerWidth } from '../../../lib/use-container-width';
import { useRememberedOptionalFlag } from './use-remembered-flag';

const WIDTHS = { desktop: 1024, mobile: 375 } as const;
type Device = keyof typeof WIDTHS;
type View = 'html' | 'text';
const VIEWS: readonly SegmentedOption<View>[] = [
  { value: 'html', label: 'HTML' },
  { value: 'text', label: 'Text' },
];
const DEVICES: readonly SegmentedOption<Device>[] = [
  { value: 'desktop', label: 'Desktop' },
  { value: 'mobile', label: 'Mobile' },
];

export interface PreviewPaneProps {
  preview: PreviewState;
  htmlEnabled: boolean;
  /** The sample, for the sender shown on the inbox line. */
  sampleData: Record<string, unknown>;
  /** Sample chips, shown under the heading. */
  sampleSwitcher?: ReactNode;
}

function senderOf(data: Record<string, unknown>): string {
  const shop = data.shop;
  if (typeof shop === 'object' && shop !== null) {
    const name = (shop as { name?: unknown }).name;
    if (typeof name === 'string' && name !== '') return name;
  }
  return 'Your shop';
}

/** The message as the customer gets it: inbox line, then the HTML or the text version. */
export const PreviewPane = memo(function PreviewPane({
  preview,
  htmlEnabled,
  sampleData,
  sampleSwitcher,
}: PreviewPaneProps) {
  const fromLine = senderOf(sampleData);
  const [view, setView] = useState<View>('html');
  // Phones start on the phone width: a 1024 px e-mail scaled to a third is unreadable.
  const [device, setDevice] = useState<Device>(() =>
    typeof window !== 'undefined' && window.matchMedia('(max-width: 640px)').matches
      ? 'mobile'
      : 'desktop',
  );
  // Until the admin chooses, the preview fits when its column is narrower than the mail: a mail
  // cut at the column's edge looks broken; at 100 % when it fits anyway.
  const [fitChoice, setFit] = useRememberedOptionalFlag('preview-fit');
  const [dark, setDark] = useState(false);
  const [columnRef, columnWidth] = useContainerWidth<HTMLElement>();
  const shown: View = htmlEnabled ? view : 'text';
  const frameWidth = WIDTHS[device];
  const fit = fitChoice ?? (columnWidth > 0 && columnWidth < frameWidth);
  const stale = shown === 'html' ? preview.errors.html : preview.errors.text;

  return (
    <section
      ref={columnRef}
      aria-labelledby="preview-heading"
      className="flex min-w-0 flex-col gap-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-heading" className="text-fg text-base font-semibold">
          Preview
        </h2>
        <div className="flex flex-wrap gap-2">
          {htmlEnabled && (
            <SegmentedControl label="Version" options={VIEWS} value={shown} onChange={setView} />
          )}
          {shown === 'html' && (
            <SegmentedControl label="Width" options={DEVICES} value={device} onChange={setDevice} />
          )}
          {shown === 'html' && (
            <SegmentedGroup>
              <SegmentedButton pressed={fit} onClick={() => setFit(!fit)}>
                Fit
              </SegmentedButton>
            </SegmentedGroup>
          )}
          {shown === 'html' && (
            <SegmentedGroup>
              <SegmentedButton pressed={dark} onClick={() => setDark(!dark)}>
                Dark
              </SegmentedButton>
            </SegmentedGroup>
          )}
        </div>
      </div>
      {sampleSwitcher}

      <div
        className="border-border bg-surface rounded-md border px-3 py-2.5"
        aria-label="Inbox line"
        role="group"
      >
        <div className="flex items-baseline justify-between gap-3">
          <span className="text-fg truncate text-sm font-semibold">{fromLine}</span>
          <span className="text-muted shrink-0 text-xs">now</span>
        </div>
        <p className="text-fg truncate text-sm" data-testid="preview-subject">
          {preview.outputs.subject || <span className="text-muted italic">(no subject)</span>}
        </p>
        <p className="text-muted truncate text-xs">{preview.outputs.text.slice(0, 140)}</p>
        {preview.errors.subject && (
          <p className="text-warning mt-1 text-xs">Showing the last subject that rendered.</p>
        )}
      </div>

      {stale && (
        <p
          role="status"
          className="border-warning bg-warning-soft text-fg rounded-md border px-3 py-2 text-xs"
        >
          The {shown === 'html' ? 'HTML' : 'text'} has an error on line {stale.line}; the preview
          shows the last version that rendered.
        </p>
      )}

      {shown === 'html' ? (
        <PreviewFrame
          html={preview.outputs.html}
          width={frameWidth}
          // A phone's mail is always fitted: on a phone it is a few pixels wider than the
          // column, and scrolling 32 px sideways to see its edge helps no one.
          fit={fit || device === 'mobile'}
          dark={dark}
        />
      ) : (
        <pre
          aria-label="Text preview"
          className="border-border bg-surface text-fg max-h-[720px] overflow-auto rounded-md border p-4 font-mono text-[13px] leading-relaxed whitespace-pre-wrap"
        >
          {preview.outputs.text || <span className="text-muted italic">(no text version)</span>}
        </pre>
      )}
    </section>
  );
});
