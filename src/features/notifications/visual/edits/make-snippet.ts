// "Make a snippet from this block" (issue 38): the selected block's markup becomes a snippet's
// body and `{% render 'name' %}` takes its place, as one change of the one document (one undo
// step, decision 037). Writing the snippet is the dialog's (visual/panels/make-snippet-dialog.tsx).
import type { BlockEdit } from './block-edits';
import type { Place } from '../model/blocks';
import { renderTag } from '../model/snippet-tag';

/** The snippet body the block at `place` becomes: its source, as written. */
export function snippetBody(source: string, place: Place): string {
  return source.slice(place.node.from, place.node.to);
}

/** Replaces the block at `place` with the tag that renders snippet `name`; the tag is selected. */
export function replaceWithSnippet(place: Place, name: string): BlockEdit {
  const { from, to } = place.node;
  return { changes: [{ from, to, insert: renderTag(name) }], select: from };
}
