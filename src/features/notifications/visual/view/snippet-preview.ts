// A snippet in the canvas (issue 38): the canvas draws `{% render 'name' %}` as a locked island
// (one block, model/blocks.ts); this lazy part makes it the snippet's chip, with "Edit snippet"
// and what the snippet renders, read-only: the snippet's body in the shown
// locale, drawn by the canvas's own renderer (so its markup passes the same filters as the
// template's) with the sample's data, cut loose from the template's source. A snippet that
// renders others shows them too, to a bounded depth and never around a circle. Loaded with the
// snippets' lazy part (layouts/canvas-snippets.tsx).
import { CanvasRenderer } from './canvas-render';
import { untie } from './layout-around';
import type { Scope } from '../model/frame-branches';
import { parseTemplate } from '../model/parse-template';
import type { TemplateTree } from '../model/template-tree';

/** The chips' styles: with the lazy part, so the editor's first open does not grow. */
const SNIPPET_CSS = `
.sc-snippet{display:block;margin:6px 0;border:1px solid #0ea5e9;border-radius:6px;background:#f0f9ff;cursor:pointer;user-select:none}
span.sc-snippet{display:inline-block;margin:0 2px;vertical-align:middle}
.sc-snippet-bar{display:flex;flex-wrap:wrap;align-items:center;gap:6px;padding:2px 6px;font:500 12px/1.5 system-ui,sans-serif;color:#0c4a6e}
.sc-snippet-name{overflow-wrap:anywhere}
.sc-snippet-edit{font:600 12px/1.4 system-ui,sans-serif;color:#fff;background:#0369a1;border:0;border-radius:4px;padding:1px 8px;cursor:pointer}
.sc-snippet-edit:focus-visible{outline:2px solid #f59e0b;outline-offset:1px}
.sc-snippet-preview{padding:0 6px 4px;cursor:default}
.sc-snippet-preview:empty{display:none}
.sc-snippet-missing{display:block;font:500 12px/1.4 system-ui,sans-serif;color:#9a3412}
`;

/** Snippets inside snippets are shown this deep; deeper ones keep just their chip. */
const MAX_DEPTH = 3;

/** `{% render 'name' %}`, as the canvas draws it: a locked island whose button's title is the tag. */
const RENDER_TAG = /^\{%-?\s*render\s+(['"])([a-z0-9][a-z0-9_-]*)\1(?:\s*,[^%]*|\s*)-?%\}$/;

/**
 * Turns each locked `{% render 'name' %}` island in `root` into the snippet's chip — its name, an
 * "Edit snippet" button and the inert box for what it renders — keeping the island's node id,
 * so it stays one block (model/blocks.ts); answers those boxes with the snippet each shows.
 */
function dressChips(root: ParentNode): { name: string; preview: HTMLElement }[] {
  const out: { name: string; preview: HTMLElement }[] = [];
  for (const box of root.querySelectorAll<HTMLElement>('.sc-locked:not(.sc-comment)')) {
    const tag = box.querySelector<HTMLElement>('.sc-locked-button')?.title ?? '';
    const name = RENDER_TAG.exec(tag)?.[2];
    if (name === undefined) continue;
    const doc = box.ownerDocument;
    const make = (tagName: string, className: string, text = '') => {
      const element = doc.createElement(tagName);
      element.className = className;
      element.textContent = text;
      return element;
    };
    box.className = 'sc-snippet';
    box.dataset.snippet = name;
    box.title = tag;
    const bar = make('span', 'sc-snippet-bar');
    const label = make('span', 'sc-snippet-name', 'Snippet ');
    label.append(make('strong', '', name));
    const edit = make('button', 'sc-snippet-edit', 'Edit snippet');
    edit.setAttribute('type', 'button');
    edit.dataset.snippet = name;
    edit.setAttribute('aria-label', `Edit snippet ${name}`);
    bar.append(label, edit);
    // What the snippet renders goes here, read-only: out of the caret's and the keyboard's reach.
    const preview = make(box.tagName === 'DIV' ? 'div' : 'span', 'sc-snippet-preview');
    preview.setAttribute('inert', '');
    box.replaceChildren(bar, preview);
    out.push({ name, preview });
  }
  return out;
}

/**
 * Fills each snippet chip's preview in `doc` with what the snippet renders. `bodies` are the
 * snippets' bodies in the shown locale by name; a snippet that does not exist says so.
 */
export function drawSnippetPreviews(
  doc: Document,
  bodies: ReadonlyMap<string, string>,
  scope: Scope,
) {
  const style = doc.createElement('style');
  style.textContent = SNIPPET_CSS;
  doc.head.append(style);
  const trees = new Map<string, TemplateTree>();
  const fill = (root: ParentNode, path: readonly string[]) => {
    for (const { name, preview } of dressChips(root)) {
      const body = bodies.get(name);
      if (body === undefined) {
        preview.textContent = 'No snippet by this name on this site';
        preview.classList.add('sc-snippet-missing');
        continue;
      }
      if (path.includes(name) || path.length >= MAX_DEPTH) continue;
      let tree = trees.get(name);
      if (!tree) {
        tree = parseTemplate(body);
        trees.set(name, tree);
      }
      // A detached head: a snippet's own <style> is not the template's.
      new CanvasRenderer(doc, tree).render(preview, doc.createElement('div'), scope);
      untie(preview);
      fill(preview, [...path, name]);
    }
  };
  fill(doc, []);
}

/**
 * "Edit snippet" in the canvas opens the snippet's editor (`onEdit` with its name) and nothing
 * else: no block is selected by the click, and keys on the button (Delete) are the button's,
 * never the block shortcuts'. Answers the function that stops listening.
 */
export function guardSnippetEdit(doc: Document, onEdit: (name: string) => void): () => void {
  const view = doc.defaultView;
  if (!view) return () => undefined;
  const buttonOf = (target: EventTarget | null) =>
    target && 'closest' in (target as object)
      ? (target as Element).closest<HTMLElement>('.sc-snippet-edit')
      : null;
  const onClick = (event: MouseEvent) => {
    const name = buttonOf(event.target)?.dataset.snippet;
    if (name === undefined) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    onEdit(name);
  };
  const onKey = (event: KeyboardEvent) => {
    if (buttonOf(event.target)) event.stopImmediatePropagation();
  };
  view.addEventListener('click', onClick, true);
  view.addEventListener('keydown', onKey, true);
  return () => {
    view.removeEventListener('click', onClick, true);
    view.removeEventListener('keydown', onKey, true);
  };
}
