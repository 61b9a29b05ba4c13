/**
 * No click in the canvas navigates anywhere, whatever element it lands on: a link, an area of an
 * image map, a form's submit button, a label. The URL filter keeps script URLs out; this keeps
 * every other address from loading into the canvas frame (or a new tab, with a middle click).
 * Capture phase, on the document, so it runs before anything below it and whatever the target;
 * `preventDefault` cancels only the default action, so the canvas's own buttons (branch
 * switches, locked islands) still receive their clicks, and a caret is placed on mousedown.
 */

const GUARDED = ['click', 'auxclick', 'submit'] as const;

const guarded = new WeakSet<Document>();

function prevent(event: Event) {
  event.preventDefault();
}

/**
 * Guards `doc` for as long as it lives (the canvas's iframe document: it goes with the frame).
 * Installing twice is a no-op; the returned function removes the guard (for tests).
 */
export function installNavigationGuard(doc: Document): () => void {
  const remove = () => {
    for (const type of GUARDED) doc.removeEventListener(type, prevent, true);
    guarded.delete(doc);
  };
  if (guarded.has(doc)) return remove;
  guarded.add(doc);
  for (const type of GUARDED) doc.addEventListener(type, prevent, true);
  return remove;
}
