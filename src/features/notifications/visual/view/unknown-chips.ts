import { unknownPaths, unknownVariables } from '../../editor/unknown-variables';

const UNKNOWN_CLASS = 'sc-unknown';
const UNKNOWN_NOTE = ' (unknown variable: not in the variables list or the sample)';

// A chip's markup is a few characters; the same markup is analysed once.
const pathsOfMarkup = new Map<string, string[]>();

function pathsOf(markup: string): string[] {
  let paths = pathsOfMarkup.get(markup);
  if (!paths) {
    // With no sample known, every outside variable of the markup comes back.
    paths = unknownPaths(unknownVariables(markup, []));
    pathsOfMarkup.set(markup, paths);
  }
  return paths;
}

/**
 * Marks the chips of variables that no sample knows (`unknown`, from the whole template's
 * analysis, so loop and assigned variables are never marked) with a warning style and text.
 */
export function markUnknownChips(doc: Document, unknown: ReadonlySet<string>): void {
  for (const chip of doc.querySelectorAll<HTMLElement>('.sc-chip')) {
    const markup = chip.dataset.tip ?? '';
    const isUnknown = pathsOf(markup).some((path) => unknown.has(path));
    // Only real changes touch the DOM: this runs on every keystroke in the canvas.
    if (chip.classList.contains(UNKNOWN_CLASS) !== isUnknown) {
      chip.classList.toggle(UNKNOWN_CLASS, isUnknown);
    }
    const label = chip.getAttribute('aria-label');
    if (label === null) continue;
    const plain = label.endsWith(UNKNOWN_NOTE) ? label.slice(0, -UNKNOWN_NOTE.length) : label;
    const next = isUnknown ? plain + UNKNOWN_NOTE : plain;
    if (next !== label) chip.setAttribute('aria-label', next);
  }
}
