// What the canvas's drawing helpers share: the frame's document, the template's source, and
// whether a repetition after the first is being drawn (shown, never edited).

export interface Drawing {
  readonly doc: Document;
  readonly source: string;
  /** Drawing a loop's repetition after the first: no node ids, no tab stops. */
  readonly copyMode: boolean;
}

/** A new element of the canvas document with the canvas's class (and text, if given). */
export function make<K extends keyof HTMLElementTagNameMap>(
  drawing: Drawing,
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const element = drawing.doc.createElement(tag);
  element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}
