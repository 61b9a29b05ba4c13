// The banner a visitor sees, made by the real Klaro library from the configuration the export
// writes, in a sandboxed frame: per language, at phone or desktop width, light or dark, and with
// the Google Consent Mode calls it makes listed beside it. Loaded on demand (React.lazy): the
// frame script that holds Klaro is a separate file only the frame loads.
import { useEffect, useRef, useState } from 'react';
import frameScriptUrl from './klaro-frame.ts?worker&url';
import type { ConsentApplication, ConsentConfig } from '../../../../contract/wire/consent';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Select } from '../../../components/ui/select';
import { useContainerWidth } from '../../../lib/use-container-width';
import type { CheckedCookie } from '../consent-check-model';
import { toKlaroConfig } from '../klaro-export';
import { languagesInUse } from '../localized-text';
import { frameDocument, type PreviewTheme } from './frame-document';
import { GtagLog } from './gtag-log';
import { isGtagCallMessage } from './messages';

type Width = 'desktop' | 'phone';
const WIDTHS = { desktop: 1024, phone: 375 } as const;
const FRAME_HEIGHT = { desktop: 480, phone: 640 } as const;

export interface BannerPreviewProps {
  config: ConsentConfig;
  applications: readonly ConsentApplication[];
  cookies: readonly CheckedCookie[];
  /** Shown first if the configuration has texts in it (otherwise its first language). */
  initialLanguage: string;
}

export default function BannerPreview({
  config,
  applications,
  cookies,
  initialLanguage,
}: BannerPreviewProps) {
  // The saved configuration's languages: the ones toKlaroConfig can force.
  const languages = languagesInUse({ ...config, applications });
  const [chosenLanguage, setLanguage] = useState(initialLanguage);
  const language = languages.includes(chosenLanguage) ? chosenLanguage : (languages[0] ?? '');
  const [width, setWidth] = useState<Width>('desktop');
  const [theme, setTheme] = useState<PreviewTheme>('light');
  // A new frame (and so a visitor who has not chosen yet) each time this moves.
  const [run, setRun] = useState(0);
  const [calls, setCalls] = useState<unknown[][]>([]);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [containerRef, containerWidth] = useContainerWidth();
  // Laid out at the chosen width, then scaled down to the column when that is narrower.
  const frameWidth = WIDTHS[width];
  const scale = containerWidth > 0 ? Math.min(1, containerWidth / frameWidth) : 1;

  // The same configuration as "Export Klaro config", with the chosen language forced.
  const srcDoc = frameDocument({
    config: toKlaroConfig(config, applications, cookies, { lang: language }),
    theme,
    language,
    parentOrigin: window.location.origin,
    scriptUrl: new URL(frameScriptUrl, window.location.href).href,
  });

  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      // The frame's origin is opaque ("null"): its window is what identifies it.
      if (event.source !== frameRef.current?.contentWindow) return;
      const data = event.data;
      if (isGtagCallMessage(data)) setCalls((previous) => [...previous, data.args]);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const restart = () => {
    setCalls([]);
    setRun((value) => value + 1);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <Field label="Banner language" className="w-40">
          {(props) => (
            <Select
              {...props}
              value={language}
              onChange={(event) => {
                setLanguage(event.target.value);
                setCalls([]);
              }}
            >
              {languages.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <SegmentedControl
          label="Preview width"
          value={width}
          onChange={setWidth}
          options={[
            { value: 'desktop', label: 'Desktop', title: `${WIDTHS.desktop} px wide` },
            { value: 'phone', label: 'Phone', title: `${WIDTHS.phone} px wide` },
          ]}
        />
        <SegmentedControl
          label="Preview theme"
          value={theme}
          onChange={(next) => {
            setTheme(next);
            setCalls([]);
          }}
          options={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ]}
        />
        <Button size="sm" variant="secondary" onClick={restart}>
          Show again to a new visitor
        </Button>
      </div>
      <div ref={containerRef} className="min-w-0">
        <div
          className="border-border mx-auto overflow-hidden rounded-md border"
          style={{ width: frameWidth * scale, height: FRAME_HEIGHT[width] * scale }}
        >
          <iframe
            // A new document whenever what it shows changes; `run` restarts the same one.
            key={`${run}:${srcDoc.length}:${language}:${theme}`}
            ref={frameRef}
            title={`Consent banner preview, ${language}, ${width}, ${theme}`}
            // Scripts, but an opaque origin: Klaro runs, the dashboard's storage and DOM stay out
            // of its reach (its own storage is in memory, memory-storage.ts).
            sandbox="allow-scripts"
            srcDoc={srcDoc}
            style={{
              width: frameWidth,
              height: FRAME_HEIGHT[width],
              transform: `scale(${scale})`,
              transformOrigin: '0 0',
              border: 0,
            }}
          />
        </div>
        <p className="text-muted mt-1 text-xs">
          {frameWidth} px wide, shown at {Math.round(scale * 100)} %
        </p>
      </div>
      <GtagLog calls={calls} consentModeOn={config.consent_mode !== null} />
    </div>
  );
}
