// The template's layout drawn around the canvas's content (issue 38): the layout's own tree, drawn
// by the canvas's renderer (so its markup passes the same filters as the template's), with the
// canvas's drawing moved into the place of its `{{ content }}`. The layout is context, not the
// document: its parts carry no node ids (nothing maps them to the template's source), nothing in
// them is editable or in the tab order, they are dimmed, and a click on them only offers
// "Edit layout". Loaded with the layout's lazy chunk (layouts/canvas-layout.tsx).
import { CanvasRenderer } from './canvas-render';
import type { Scope } from '../model/frame-branches';
import { allNodes, type TemplateTree } from '../model/template-tree';

/** The canvas's marks of a drawn layout. */
export const LAYOUT_CSS = `
.sc-layout-part{opacity:.45;filter:grayscale(.4);user-select:none;cursor:default}
.sc-layout-part *{cursor:default}
.sc-layout-slot{display:block;position:relative;outline:1px dashed #94a3b8;outline-offset:4px}
.sc-layout{position:relative}
.sc-layout-edit{position:absolute;top:4px;right:4px;z-index:30;font:600 12px/1.4 system-ui,sans-serif;color:#fff;background:#1e40af;border:0;border-radius:4px;padding:4px 10px;cursor:pointer;box-shadow:0 2px 6px rgb(0 0 0 / .25)}
.sc-layout-edit:focus-visible{outline:2px solid #f59e0b;outline-offset:2px}
`;

const CONTENT = /^-?\s*content\s*-?$/;

/** The id of the layout's `{{ content }}` (the one the service requires), if it has one. */
export function contentOutputId(tree: TemplateTree): string | null {
  for (const node of allNodes(tree.children)) {
    if (node.kind === 'output' && CONTENT.test(node.expression.trim()) && node.filters === '') {
      return node.id;
    }
  }
  return null;
}

/** Attributes that tie a drawn element to a source or make it reachable: none in a layout. */
const TIES = [
  'data-node',
  'data-frame',
  'data-offset',
  'data-tip',
  'tabindex',
  'role',
  'aria-label',
  'contenteditable',
];

/**
 * Cuts a drawing of another source (a layout, a snippet's body) loose from the canvas: no mark
 * in it maps to the template's source or is reachable by the keyboard.
 */
export function untie(holder: HTMLElement) {
  for (const element of holder.querySelectorAll<HTMLElement>('*')) {
    for (const name of TIES) element.removeAttribute(name);
    if (element.matches('button, a, input, select, textarea')) element.tabIndex = -1;
  }
  for (const name of TIES) holder.removeAttribute(name);
}

function isElement(node: Node): node is HTMLElement {
  return node.nodeType === 1;
}

/**
 * Draws `layout` around what the canvas just drew into `doc.body` (call it right after a
 * drawing, before anything else is added to the body): the body's children move into the
 * layout's content slot. Answers the slot.
 */
export function drawLayoutAround(
  doc: Document,
  layout: TemplateTree,
  scope: Scope,
  label = 'Edit layout',
): HTMLElement {
  const holder = doc.createElement('div');
  holder.className = 'sc-layout';
  const style = doc.createElement('style');
  style.textContent = LAYOUT_CSS;
  doc.head.append(style);
  new CanvasRenderer(doc, layout).render(holder, doc.head, scope);
  const id = contentOutputId(layout);
  const chip = id === null ? null : holder.querySelector(`[data-node="${CSS.escape(id)}"]`);
  const slot = doc.createElement('div');
  slot.className = 'sc-layout-slot';
  if (chip) chip.replaceWith(slot);
  else holder.append(slot);
  // The layout's marks come from its own tree: no id may meet one of the template's.
  untie(holder);
  dimAround(slot, holder);
  holder.append(editButton(doc, label));
  slot.append(...doc.body.childNodes);
  doc.body.append(holder);
  return slot;
}

/**
 * Dims and locks every part of the layout not on the way to the slot, each once at its top (an
 * opacity inside a dimmed part would compound); a text beside the way gets a span to dim.
 */
function dimAround(slot: HTMLElement, holder: HTMLElement) {
  let child: HTMLElement = slot;
  while (child !== holder && child.parentElement) {
    const parent: HTMLElement = child.parentElement;
    for (const sibling of [...parent.childNodes]) {
      if (sibling === child) continue;
      if (isElement(sibling)) lockPart(sibling);
      else if (sibling.nodeType === 3 && sibling.textContent?.trim()) {
        const span = holder.ownerDocument.createElement('span');
        lockPart(span);
        sibling.replaceWith(span);
        span.append(sibling);
      }
    }
    child = parent;
  }
}

/**
 * A part of the layout is inert: out of reach of the caret, the keyboard and assistive
 * technology, and (as an inactive part, WCAG 1.4.3's "incidental" text) of contrast checks
 * while dimmed. A click on it lands on the layout around it, which the guard answers.
 */
function lockPart(element: HTMLElement) {
  element.classList.add('sc-layout-part');
  element.setAttribute('inert', '');
}

/** Whether an event's target is the layout's (outside the content slot). */
export function inLayout(target: EventTarget | null): boolean {
  if (!target || !('closest' in (target as object))) return false;
  const element = target as Element;
  return element.closest('.sc-layout') !== null && element.closest('.sc-layout-slot') === null;
}

/**
 * Keeps the canvas's own handlers away from the layout: a click on it (or on an input event
 * meant for it) does nothing but bring the layout's "Edit layout" button to it. Answers
 * the function that stops listening.
 */
export function guardLayout(doc: Document, onEdit: () => void): () => void {
  const view = doc.defaultView;
  if (!view) return () => undefined;
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    if (target && 'closest' in target && target.closest('.sc-layout-edit')) {
      event.preventDefault();
      event.stopImmediatePropagation();
      onEdit();
      return;
    }
    if (!inLayout(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    showEditButton(doc, event.pageX, event.pageY);
  };
  const refuse = (event: Event) => {
    if (!inLayout(event.target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  // Keys on the button are the button's (Enter and Space press it): a selected template block
  // is not deleted by a Delete meant for nothing.
  const onKey = (event: KeyboardEvent) => {
    const target = event.target as Element | null;
    if (target && 'closest' in target && target.closest('.sc-layout-edit')) {
      event.stopImmediatePropagation();
    }
  };
  view.addEventListener('click', onClick, true);
  view.addEventListener('keydown', onKey, true);
  for (const type of ['mousedown', 'dblclick', 'beforeinput', 'paste', 'drop'] as const) {
    view.addEventListener(type, refuse, true);
  }
  return () => {
    view.removeEventListener('click', onClick, true);
    view.removeEventListener('keydown', onKey, true);
    for (const type of ['mousedown', 'dblclick', 'beforeinput', 'paste', 'drop'] as const) {
      view.removeEventListener(type, refuse, true);
    }
  };
}

/** The layout's one way in, at its top right until a click on the layout brings it there. */
function editButton(doc: Document, label: string): HTMLButtonElement {
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'sc-layout-edit';
  button.textContent = label;
  button.title = 'The dimmed parts are the layout: edited once, for every e-mail that uses it';
  return button;
}

/** Moves the button under a click on the layout (page coordinates) and focuses it. */
function showEditButton(doc: Document, x: number, y: number) {
  const button = doc.querySelector<HTMLButtonElement>('.sc-layout-edit');
  const holder = button?.offsetParent;
  if (!button || !holder) return;
  const box = holder.getBoundingClientRect();
  const view = doc.defaultView;
  const left = x - box.left - (view?.scrollX ?? 0);
  const top = y - box.top - (view?.scrollY ?? 0);
  button.style.right = 'auto';
  button.style.left = `${String(Math.max(4, Math.min(left - 40, box.width - button.offsetWidth - 4)))}px`;
  button.style.top = `${String(top + 8)}px`;
  button.focus();
}
