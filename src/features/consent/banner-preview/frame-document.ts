// The banner preview's frame document (srcdoc). Its own CSP narrows what the dashboard's
// inherited one allows: scripts only from the dashboard's origin (the frame script, which holds
// Klaro), inline styles (Klaro injects its CSS as <style>), data: images; nothing else, no
// connections. The configuration travels as a JSON data block, which no CSP blocks and no
// browser runs.
import type { KlaroConfig } from '../klaro-export';
import { FRAME_DATA_ELEMENT_ID, toFrameJson, type PreviewFrameData } from './messages';

export type PreviewTheme = PreviewFrameData['theme'];

export interface FrameDocumentInput {
  config: KlaroConfig;
  theme: PreviewTheme;
  language: string;
  /** The dashboard's origin (`location.origin`). */
  parentOrigin: string;
  /** The frame script's URL, on the dashboard's origin. */
  scriptUrl: string;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `<` as `\u003c`, so no text in the configuration can close the data block. */
const inScriptBlock = (json: string) => json.replace(/</g, '\\u003c');

const PAGE_STYLE = {
  light: 'background:#f4f4f5;color:#18181b',
  dark: 'background:#18181b;color:#e4e4e7',
} as const;

export function frameDocument(input: FrameDocumentInput): string {
  const data: PreviewFrameData = {
    config: input.config,
    theme: input.theme,
    parentOrigin: input.parentOrigin,
  };
  const csp = [
    "default-src 'none'",
    `script-src ${input.parentOrigin}`,
    "style-src 'unsafe-inline'",
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return `<!doctype html>
<html lang="${escapeAttribute(input.language)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Consent banner preview</title>
</head>
<body style="margin:0;min-height:100vh;font-family:system-ui,sans-serif;${PAGE_STYLE[input.theme]}">
<main style="padding:24px;max-width:40rem">
<p style="margin:0 0 8px;font-size:20px;font-weight:600">Your site</p>
<p style="margin:0;font-size:14px;opacity:.75">A page of the site, as a visitor who has not chosen yet sees it.</p>
</main>
<script type="application/json" id="${FRAME_DATA_ELEMENT_ID}">${inScriptBlock(toFrameJson(data))}</script>
<script src="${escapeAttribute(input.scriptUrl)}"></script>
</body>
</html>`;
}
