/** The line beside a form's Save button: what state the admin's edits are in. */
export function saveStatus(
  state: { saving?: boolean; dirty: boolean; changedElsewhere: boolean },
  unsaved = 'Unsaved changes · Ctrl+S to save',
): string {
  if (state.saving) return 'Saving…';
  // Before "unsaved": the admin must know their edits will meet another tab's save.
  if (state.changedElsewhere) return 'Changed in another tab · your edits are kept';
  return state.dirty ? unsaved : 'All changes saved';
}
