// A comment marker between blocks is drawn just above its place, out of the flow (decision 038),
// so at the very top of the canvas it would stick out above the document and be cut off. After
// each drawing the canvas makes room above its first line for exactly what sticks out.

const OUT_OF_FLOW = '.sc-comment-out > .sc-comment-button';

/** Pads the canvas document's top by how far its highest marker sticks out above it (or not at all). */
export function makeRoomForTopMarkers(doc: Document) {
  const root = doc.documentElement;
  const view = doc.defaultView;
  root.style.removeProperty('padding-top');
  if (!view) return;
  let highest = 0;
  // One layout for all: the reads below change nothing in between.
  for (const button of doc.querySelectorAll<HTMLElement>(OUT_OF_FLOW)) {
    highest = Math.min(highest, button.getBoundingClientRect().top + view.scrollY);
  }
  if (highest < 0) root.style.paddingTop = `${String(Math.ceil(-highest))}px`;
}
