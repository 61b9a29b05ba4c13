import { cn } from '../../lib/cn';
import { describeNewLines, type NewLines } from './new-lines';

/** Floats over the bottom of the list while the view does not follow; a click follows again. */
export function NewLinesPill({ newLines, onClick }: { newLines: NewLines; onClick: () => void }) {
  const label = newLines.count > 0 ? describeNewLines(newLines) : 'Back to the latest line';
  return (
    <button
      type="button"
      onClick={onClick}
      aria-keyshortcuts="End"
      className={cn(
        'absolute bottom-3 left-1/2 z-10 -translate-x-1/2 rounded-full px-3.5 py-1.5 text-sm font-medium whitespace-nowrap shadow-lg',
        'focus-visible:outline-ring focus-visible:outline-2 focus-visible:outline-offset-2',
        newLines.errors > 0
          ? 'bg-danger text-danger-fg'
          : 'bg-accent text-accent-fg dark:bg-indigo-700',
      )}
    >
      <span aria-hidden="true">↓ </span>
      {label}
    </button>
  );
}
