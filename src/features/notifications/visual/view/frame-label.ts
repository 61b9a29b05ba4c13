// The label of an if/for frame in the canvas: what it is, how many times the sample repeats a
// loop, and with more than one branch to see, a switch between them.
import { make, type Drawing } from './drawing';
import { MAX_REPETITIONS, branchLabel, viewableBranches } from '../model/frame-branches';
import type { ConditionNode, LoopNode } from '../model/template-tree';

/** `shown` is the branch drawn, `sample` the one the sample takes (null: none), `items` a loop's count. */
export function frameLabel(
  drawing: Drawing,
  node: ConditionNode | LoopNode,
  shown: number,
  sample: number | null,
  items: number,
): HTMLElement {
  const label = make(
    drawing,
    'span',
    node.kind === 'loop' ? 'sc-frame-label sc-loop-label' : 'sc-frame-label',
  );
  label.contentEditable = 'false';
  label.dataset.frame = node.id;
  const viewable = viewableBranches(node);
  const count =
    node.kind === 'loop'
      ? ` (${String(items)} in the sample${items > MAX_REPETITIONS ? `, the first ${String(MAX_REPETITIONS)} shown` : ''})`
      : '';
  if (viewable.length < 2) {
    label.textContent = branchLabel(node, shown) + count;
  } else {
    label.role = 'group';
    label.ariaLabel = `Branch shown: ${branchLabel(node, viewable[0] ?? 0)}`;
    for (const index of viewable) {
      const button = make(drawing, 'button', 'sc-branch', branchLabel(node, index));
      if (index === 0) button.append(count);
      button.type = 'button';
      button.ariaPressed = String(index === shown);
      button.dataset.frame = node.id;
      button.dataset.branch = String(index);
      label.append(button);
    }
  }
  const note =
    sample === null
      ? 'this sample shows none of these'
      : sample !== shown
        ? 'not what this sample shows'
        : '';
  if (note) label.append(make(drawing, 'span', 'sc-frame-note', note));
  return label;
}
