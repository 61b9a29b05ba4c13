// The smallest single change between two versions of a document, so that replacing a whole
// document (a revert, a merge) keeps the cursor and the canvas where nothing changed.

/** The one change that turns `from` into `to`: their common start and end are kept. */
export function differingSpan(from: string, to: string) {
  const max = Math.min(from.length, to.length);
  let start = 0;
  while (start < max && from.charCodeAt(start) === to.charCodeAt(start)) start += 1;
  let end = 0;
  while (
    end < max - start &&
    from.charCodeAt(from.length - 1 - end) === to.charCodeAt(to.length - 1 - end)
  ) {
    end += 1;
  }
  return { from: start, to: from.length - end, insert: to.slice(start, to.length - end) };
}
