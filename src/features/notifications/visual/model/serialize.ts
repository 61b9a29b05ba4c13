import type { Branch, TemplateNode, TemplateTree } from './template-tree';

function serializeBranch(source: string, branch: Branch): string {
  return (
    source.slice(branch.marker.from, branch.marker.to) + serializeNodes(source, branch.children)
  );
}

function serializeNode(source: string, node: TemplateNode): string {
  switch (node.kind) {
    case 'element': {
      const open = source.slice(node.open.from, node.open.to);
      const close = node.close ? source.slice(node.close.from, node.close.to) : '';
      return open + serializeNodes(source, node.children) + close;
    }
    case 'condition':
    case 'loop':
      return (
        node.branches.map((branch) => serializeBranch(source, branch)).join('') +
        source.slice(node.close.from, node.close.to)
      );
    default:
      return source.slice(node.from, node.to);
  }
}

function serializeNodes(source: string, nodes: readonly TemplateNode[]): string {
  return nodes.map((node) => serializeNode(source, node)).join('');
}

/**
 * The source again, put together from the pieces the tree holds: a start tag, its children,
 * its end tag; a frame's tags and its branches. Equal to the source exactly when the tree
 * accounts for every byte once, which is what the property tests check.
 */
export function serializeTree(tree: TemplateTree): string {
  return serializeNodes(tree.source, tree.children);
}
