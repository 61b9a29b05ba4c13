// The script of the banner preview's frame: in-memory storage, a `gtag` that reports each call to
// the panel, the Consent Mode installer the export writes, then Klaro itself on the exported
// configuration. Built as a separate file the frame loads (`?worker&url`), so Klaro and its CSS
// are never part of the dashboard's own chunks.
import * as Klaro from 'klaro';
import { installConsentMode, type ConsentModeMapping } from '../consent-mode';
import { installMemoryStorage } from './memory-storage';
import {
  FRAME_DATA_ELEMENT_ID,
  PREVIEW_CHANNEL,
  reviveRegExps,
  type GtagCallMessage,
  type PreviewFrameData,
} from './messages';

interface PreviewWindow {
  gtag?: (...args: unknown[]) => void;
  dataLayer?: unknown[];
}

function start(): void {
  const element = document.getElementById(FRAME_DATA_ELEMENT_ID);
  if (element === null) throw new Error('The preview frame has no configuration');
  const data = reviveRegExps(element.textContent) as PreviewFrameData;
  installMemoryStorage(window);

  const preview = window as unknown as PreviewWindow;
  preview.dataLayer = [];
  preview.gtag = (...args: unknown[]) => {
    preview.dataLayer?.push(args);
    const message: GtagCallMessage = { channel: PREVIEW_CHANNEL, kind: 'gtag', args };
    window.parent.postMessage(message, data.parentOrigin);
  };

  const config: Record<string, unknown> = {
    ...(data.config as Record<string, unknown>),
    // Klaro's own look is dark; its `light` theme is the light one.
    ...(data.theme === 'light' ? { styling: { theme: ['light'] } } : {}),
  };
  const consentMode = config.consentMode as ConsentModeMapping | undefined;
  if (consentMode !== undefined) config.callback = installConsentMode(consentMode, preview);
  Klaro.render(config, {});
}

start();
