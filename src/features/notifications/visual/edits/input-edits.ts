// Which source edit a `beforeinput` means (decision 037): the input type, the selection in
// source offsets and the text it carries become one edit and the history's name for it. Pure.
import { insertParagraph, mergeBlocks } from './block-break';
import { breakLine, deleteAtCaret, deleteRange, typeText, type InputEdit } from './canvas-input';
import type { Span, TemplateTree } from '../model/template-tree';

export interface NamedEdit {
  edit: InputEdit;
  /** CodeMirror's `userEvent`: typing and deleting join into one undo step, nothing else does. */
  userEvent: string;
}

/** The input types whose target range (not the caret) says what they act on. */
const NAMED_RANGE = /^delete(?:Word|SoftLine|HardLine|Entire)|^insertReplacementText$|Drop$/;

export function usesTargetRange(inputType: string): boolean {
  return NAMED_RANGE.test(inputType);
}

/** Text an input inserts, on one line (a pasted newline is a space, as in a single-line field). */
function insertedText(event: Pick<InputEvent, 'data' | 'dataTransfer'>): string {
  return (event.data ?? event.dataTransfer?.getData('text/plain') ?? '').replace(/\r\n?|\n/g, ' ');
}

/**
 * The edit an input of `inputType` makes on `span`, or null when it makes none (a refused range,
 * nothing to delete, an input type the canvas does not handle).
 */
export function editForInput(
  tree: TemplateTree,
  span: Span,
  event: Pick<InputEvent, 'inputType' | 'data' | 'dataTransfer'>,
  nbsp: number | null,
): NamedEdit | null {
  const type = event.inputType;
  const collapsed = span.from === span.to;
  const named = (edit: InputEdit | null, userEvent: string) => (edit ? { edit, userEvent } : null);
  switch (type) {
    case 'insertText':
    case 'insertReplacementText':
    case 'insertFromPaste':
    case 'insertFromDrop':
    case 'insertFromYank': {
      const userEvent = type === 'insertText' ? 'input.type' : 'input.paste';
      return named(typeText(tree, span, insertedText(event), nbsp), userEvent);
    }
    case 'insertParagraph':
      return named(insertParagraph(tree, span), 'input');
    case 'insertLineBreak':
      return named(breakLine(tree, span), 'input');
    case 'deleteContentBackward':
    case 'deleteContentForward': {
      const direction = type === 'deleteContentBackward' ? 'backward' : 'forward';
      // At a block's edge, where no character is left to take, the blocks merge.
      const edit = collapsed
        ? (deleteAtCaret(tree, span.from, direction) ?? mergeBlocks(tree, span.from, direction))
        : deleteRange(tree, span);
      return named(edit, `delete.${direction}`);
    }
    default:
      if (type.startsWith('delete') && !collapsed) {
        return named(deleteRange(tree, span), type === 'deleteByCut' ? 'delete.cut' : 'delete');
      }
      return null;
  }
}
