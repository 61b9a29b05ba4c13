// The canvas's own marks (chips, frames, markers), drawn into its frame's document.

/** Styles of the canvas's own marks; the template's styles come after and apply as written. */
export const CANVAS_CSS = `
.sc-chip{position:relative;display:inline-block;background:#ede9fe;color:#4c1d95;border-radius:4px;padding:0 4px;font:inherit;line-height:1.3;cursor:pointer;box-shadow:inset 0 0 0 1px #c4b5fd}
.sc-chip:focus-visible{outline:2px solid #2563eb;outline-offset:1px}
.sc-chip.sc-unknown{background:#fef3c7;color:#78350f;box-shadow:inset 0 0 0 1px #d97706;text-decoration:underline wavy #d97706}
.sc-chip:hover::after,.sc-chip:focus-visible::after{content:attr(data-tip);position:absolute;left:0;top:calc(100% + 4px);z-index:10;width:max-content;max-width:80vw;font:500 12px/1.4 ui-monospace,monospace;color:#fff;background:#1e293b;border-radius:4px;padding:2px 6px;pointer-events:none}
.sc-frame{position:relative;outline:1px dashed #8b5cf6;outline-offset:2px;margin:6px 0;padding-top:2px}
span.sc-frame{margin:0 2px}
.sc-loop{outline-color:#0d9488}
.sc-frame-label{display:inline-block;max-width:100%;box-sizing:border-box;overflow-wrap:anywhere;white-space:normal;font:600 11px/1.5 system-ui,sans-serif;color:#5b21b6;background:#f5f3ff;border-radius:3px;padding:0 6px;margin:0 4px 2px 0;user-select:none}
.sc-loop-label{color:#115e59;background:#f0fdfa}
.sc-branch{font:inherit;max-width:100%;white-space:normal;overflow-wrap:anywhere;text-align:start;color:inherit;background:transparent;border:1px solid transparent;border-radius:3px;padding:0 6px;margin:1px 2px 1px 0;cursor:pointer}
.sc-branch[aria-pressed="true"]{background:#fff;border-color:currentColor}
.sc-branch:hover{text-decoration:underline}
.sc-branch:focus-visible{outline:2px solid #2563eb;outline-offset:1px}
.sc-frame-note{font-weight:400;font-style:italic;margin-left:4px}
span.sc-copy,div.sc-copy,tr.sc-copy>*{opacity:.6}
.sc-copy{cursor:default}
div.sc-copy{border-top:1px dashed #99f6e4}
.sc-table-label{padding:2px 0 !important;background:transparent !important;border:0 !important}
.sc-insecure-image{display:inline-block;max-width:100%;box-sizing:border-box;font:500 12px/1.4 system-ui,sans-serif;color:#78350f;background:#fffbeb;border:1px dashed #d97706;border-radius:4px;padding:8px 10px;overflow-wrap:anywhere}
.sc-locked{display:inline-block}
div.sc-locked{display:block;margin:4px 0}
.sc-locked-button{font:500 12px/1.4 system-ui,sans-serif;color:#78350f;background:#fef3c7;border:1px solid #f59e0b;border-radius:4px;padding:2px 8px;cursor:pointer}
.sc-locked-button:focus-visible{outline:2px solid #2563eb;outline-offset:1px}
.sc-comment{position:relative;vertical-align:middle;line-height:1}
.sc-comment-out{position:absolute;z-index:5;width:0;height:0;overflow:visible}
.sc-comment-button{font:500 10px/1.3 system-ui,sans-serif;padding:0 4px;border-radius:8px;white-space:nowrap}
.sc-comment-out .sc-comment-button{position:absolute;left:0;top:0;transform:translateY(-100%)}
.sc-comment-plain{color:#57534e;background:#f5f5f4;border-color:#a8a29e}
[contenteditable="true"]{cursor:text}
[contenteditable="true"]:hover{outline:1px dashed #94a3b8;outline-offset:1px}
[contenteditable="true"]:focus{outline:2px solid #2563eb;outline-offset:1px}
`;
