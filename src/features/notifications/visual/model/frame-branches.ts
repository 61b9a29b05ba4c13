import { evaluateExpression, renderFragment } from '../../editor/render-template';
import type { ConditionNode, LoopNode } from './template-tree';

export type Scope = Record<string, unknown>;
export type FrameNode = ConditionNode | LoopNode;

/** More repetitions than this are not drawn: the canvas is for editing, not for proofreading. */
export const MAX_REPETITIONS = 100;

/**
 * The branches an admin can look at: a `case`'s own tag holds nothing Liquid prints, and a
 * condition without `else` has one more, printing nothing (index `branches.length`).
 */
export function viewableBranches(node: FrameNode): number[] {
  const all = node.branches.map((_, index) => index);
  if (node.kind === 'loop') return all;
  const shown = node.tag === 'case' && all.length > 1 ? all.slice(1) : all;
  return node.branches.at(-1)?.tag === 'else' ? shown : [...shown, node.branches.length];
}

/**
 * The branch of a condition the sample takes, or null when it prints none. Liquid itself decides:
 * the frame's own tags are rendered with each branch's content replaced by its index.
 */
export function takenBranch(node: ConditionNode, source: string, scope: Scope): number | null {
  const probe =
    node.branches
      .map((branch, index) => `${source.slice(branch.marker.from, branch.marker.to)}[${index}]`)
      .join('') + source.slice(node.close.from, node.close.to);
  const match = /\[(\d+)\]/.exec(renderFragment(probe, scope) ?? '');
  return match ? Number(match[1]) : null;
}

/** What liquidjs loops over for a value: arrays as they are, a hash as [key, value] pairs. */
function enumerable(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (typeof value === 'object' && value !== null) {
    if (Symbol.iterator in value) return Array.from(value as Iterable<unknown>);
    return Object.entries(value);
  }
  return [];
}

function modifier(args: string, name: string, scope: Scope): number | null {
  const match = new RegExp(`\\b${name}\\s*:\\s*([^\\s,]+)`).exec(args);
  if (!match?.[1]) return null;
  const value = Number(evaluateExpression(match[1], scope));
  return Number.isFinite(value) ? value : null;
}

/** The items a loop goes through with the sample: `offset`, `limit`, `reversed` as liquidjs applies them. */
export function loopItems(node: LoopNode, scope: Scope): unknown[] {
  const args = node.branches[0]?.args ?? '';
  let items = enumerable(evaluateExpression(node.collection, scope));
  const offset = modifier(args, 'offset', scope);
  if (offset !== null) items = items.slice(offset);
  const limit = modifier(args, 'limit', scope);
  if (limit !== null) items = items.slice(0, limit);
  if (/\breversed\b/.test(args)) items = [...items].reverse();
  return items;
}

/** The scope of each repetition: the loop variable and `forloop` as Liquid sets them. */
export function repetitionScopes(node: LoopNode, items: readonly unknown[], scope: Scope): Scope[] {
  const length = items.length;
  return items.slice(0, MAX_REPETITIONS).map((item, index) => ({
    ...scope,
    [node.variable]: item,
    forloop: {
      index: index + 1,
      index0: index,
      rindex: length - index,
      rindex0: length - index - 1,
      first: index === 0,
      last: index === length - 1,
      length,
      name: `${node.variable}-${node.collection}`,
    },
  }));
}

/**
 * The branch that matches the sample (a condition's "nothing" when it takes none); a loop's body
 * when it has items, else its `else`, else null.
 */
export function sampleBranch(
  node: FrameNode,
  source: string,
  scope: Scope,
  items: number,
): number | null {
  if (node.kind === 'condition') return takenBranch(node, source, scope) ?? node.branches.length;
  if (items > 0) return 0;
  return node.branches.length > 1 ? 1 : null;
}

/** The words on a branch's switch: "Only if customer.first_name", "Otherwise". */
export function branchLabel(node: FrameNode, index: number): string {
  const branch = node.branches[index];
  if (node.kind === 'loop') {
    return index > 0
      ? 'When there are none'
      : `Repeats for each ${node.variable} in ${node.collection}`;
  }
  if (!branch) return 'Otherwise: nothing';
  switch (branch.tag) {
    case 'if':
      return `Only if ${branch.args}`;
    case 'unless':
      return `Only if not ${branch.args}`;
    case 'elsif':
      return `Otherwise, if ${branch.args}`;
    case 'case':
      return `Depends on ${branch.args}`;
    case 'when':
      return `When ${node.branches[0]?.args ?? ''} is ${branch.args}`;
    default:
      return 'Otherwise';
  }
}

/**
 * Which branch the admin chose to look at, per frame. Node ids are child-index paths, so a
 * choice is kept only while the same frame (same tags) still sits at that path.
 */
export class BranchChoices {
  private readonly chosen = new Map<string, { branch: number; signature: string }>();

  private static signature(node: FrameNode, source: string): string {
    return node.branches
      .map((branch) => source.slice(branch.marker.from, branch.marker.to))
      .join('');
  }

  get(node: FrameNode, source: string): number | undefined {
    const choice = this.chosen.get(node.id);
    if (!choice || choice.signature !== BranchChoices.signature(node, source)) return undefined;
    return viewableBranches(node).includes(choice.branch) ? choice.branch : undefined;
  }

  set(node: FrameNode, source: string, branch: number) {
    this.chosen.set(node.id, { branch, signature: BranchChoices.signature(node, source) });
  }
}
