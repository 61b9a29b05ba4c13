import { describe, expect, it } from 'vitest';
import {
  BranchChoices,
  branchLabel,
  loopItems,
  repetitionScopes,
  sampleBranch,
  viewableBranches,
  type FrameNode,
} from './frame-branches';
import { parseTemplate } from './parse-template';
import { allNodes, type LoopNode } from './template-tree';

function frameOf(source: string): FrameNode {
  for (const node of allNodes(parseTemplate(source).children)) {
    if (node.kind === 'condition' || node.kind === 'loop') return node;
  }
  throw new Error('no frame');
}

function loopOf(source: string): LoopNode {
  const node = frameOf(source);
  if (node.kind !== 'loop') throw new Error('no loop');
  return node;
}

const IF_CHAIN = '<p>{% if n > 2 %}many{% elsif n > 0 %}some{% else %}none{% endif %}</p>';

describe('sampleBranch', () => {
  it('is the branch Liquid takes with the sample', () => {
    const node = frameOf(IF_CHAIN);
    expect(sampleBranch(node, IF_CHAIN, { n: 5 }, 0)).toBe(0);
    expect(sampleBranch(node, IF_CHAIN, { n: 1 }, 0)).toBe(1);
    expect(sampleBranch(node, IF_CHAIN, { n: 0 }, 0)).toBe(2);
  });

  it('is "nothing", one past the branches, when the sample takes none', () => {
    const source = '<p>{% unless customer.vip %}Join us{% endunless %}</p>';
    const node = frameOf(source);
    expect(viewableBranches(node)).toEqual([0, 1]);
    expect(branchLabel(node, 1)).toBe('Otherwise: nothing');
    expect(sampleBranch(node, source, { customer: { vip: true } }, 0)).toBe(1);
    expect(sampleBranch(node, source, { customer: { vip: false } }, 0)).toBe(0);
    expect(viewableBranches(frameOf(IF_CHAIN))).toEqual([0, 1, 2]);
  });

  it('picks the matching when of a case, whose own tag is no branch to look at', () => {
    const source =
      '<p>{% case order.status %}\n{% when "paid", "done" %}Paid{% when "open" %}Open{% else %}?{% endcase %}</p>';
    const node = frameOf(source);
    expect(viewableBranches(node)).toEqual([1, 2, 3]);
    expect(sampleBranch(node, source, { order: { status: 'open' } }, 0)).toBe(2);
    expect(sampleBranch(node, source, { order: { status: 'x' } }, 0)).toBe(3);
    expect(branchLabel(node, 1)).toBe('When order.status is "paid", "done"');
  });

  it('is the else of an empty loop, and the body of a full one', () => {
    const source =
      '<ul>{% for line in lines %}<li>{{ line }}</li>{% else %}<li>None</li>{% endfor %}</ul>';
    const node = frameOf(source);
    expect(sampleBranch(node, source, {}, 0)).toBe(1);
    expect(sampleBranch(node, source, {}, 2)).toBe(0);
    expect(branchLabel(node, 0)).toBe('Repeats for each line in lines');
    expect(branchLabel(node, 1)).toBe('When there are none');
  });
});

describe('loop repetitions', () => {
  it('go through the items as liquidjs does, with offset, limit and reversed', () => {
    const scope = { order: { lines: [1, 2, 3, 4, 5] }, n: 2 };
    expect(loopItems(loopOf('{% for l in order.lines %}x{% endfor %}'), scope)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(
      loopItems(
        loopOf('{% for l in order.lines offset: 1 limit: n reversed %}x{% endfor %}'),
        scope,
      ),
    ).toEqual([3, 2]);
    expect(loopItems(loopOf('{% for i in (1..3) %}x{% endfor %}'), {})).toEqual([1, 2, 3]);
    expect(loopItems(loopOf('{% for l in missing %}x{% endfor %}'), scope)).toEqual([]);
  });

  it('set the loop variable and forloop per repetition', () => {
    const node = loopOf('{% for line in lines %}x{% endfor %}');
    const scopes = repetitionScopes(node, ['a', 'b', 'c'], { shop: 1 });
    expect(scopes.map((scope) => scope.line)).toEqual(['a', 'b', 'c']);
    expect(scopes[1]).toMatchObject({
      shop: 1,
      forloop: { index: 2, index0: 1, rindex: 2, rindex0: 1, first: false, last: false, length: 3 },
    });
    expect(scopes[2]).toMatchObject({ forloop: { last: true } });
  });
});

describe('BranchChoices', () => {
  it('keeps a choice while the same frame sits at the same path', () => {
    const choices = new BranchChoices();
    const node = frameOf(IF_CHAIN);
    choices.set(node, IF_CHAIN, 2);
    const edited = IF_CHAIN.replace('many', 'lots');
    expect(choices.get(frameOf(edited), edited)).toBe(2);
    const other = '<p>{% if m %}a{% else %}b{% endif %}</p>';
    expect(choices.get(frameOf(other), other)).toBeUndefined();
  });
});
