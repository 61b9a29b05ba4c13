import { itemNameFor, type OfferedVariable } from '../../editor/template-variables';
import type { SnippetOptions } from '../edits/block-snippets';

export interface FrameChoice {
  /** What the admin picks from: `line in order.lines`, `customer.accepts_marketing`. */
  label: string;
  options: SnippetOptions;
}

/** "Repeat for each…": every list of the sample, its items named as an admin would. */
export function loopChoices(offered: readonly OfferedVariable[]): FrameChoice[] {
  return offered
    .filter((variable) => variable.kind === 'list')
    .map((variable) => {
      const item = itemNameFor(variable.path);
      return {
        label: `${item} in ${variable.path}`,
        options: { collection: variable.path, item, field: variable.itemFields?.[0] },
      };
    });
}

/** "Only if…": a value of the sample is there (Liquid's truthiness), or a list is not empty. */
export function conditionChoices(offered: readonly OfferedVariable[]): FrameChoice[] {
  return offered.map((variable) => {
    const condition = variable.kind === 'list' ? `${variable.path}.size > 0` : variable.path;
    return { label: condition, options: { condition } };
  });
}
