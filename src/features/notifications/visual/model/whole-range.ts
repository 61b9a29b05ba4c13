import type { Span, TemplateNode } from './template-tree';

/** Whether a range inside a node lies in one stretch of its content, not in its tags. */
function contentHolds(node: TemplateNode, range: Span): boolean {
  const inside = (from: number, to: number) => from <= range.from && range.to <= to;
  if (node.kind === 'element') return inside(node.open.to, node.close?.from ?? node.open.to);
  if (node.kind === 'condition' || node.kind === 'loop') {
    return node.branches.some((branch) => inside(branch.marker.to, branch.to));
  }
  return false;
}

/** A range may be replaced when it cuts no node apart other than a text. */
export function isWholeRange(nodes: Iterable<TemplateNode>, range: Span): boolean {
  for (const node of nodes) {
    if (node.kind === 'text') continue;
    const startsInside = node.from < range.from && range.from < node.to;
    const endsInside = node.from < range.to && range.to < node.to;
    if (startsInside !== endsInside) return false;
    if (startsInside && !contentHolds(node, range)) return false;
  }
  return true;
}
