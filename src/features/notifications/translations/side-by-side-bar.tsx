import { useState } from 'react';
import { Button } from '../../../components/ui/button';

export interface SideBySideBarProps {
  on: boolean;
  onChange: (on: boolean) => void;
  /** The default language's name ("English"). */
  language: string;
  /** The translation's blocks whose default changed since it was saved, in order. */
  changed: readonly string[];
  goTo: (blockId: string) => void;
}

/** The side-by-side switch and, for an outdated translation, what changed and a way through it. */
export function SideBySideBar({ on, onChange, language, changed, goTo }: SideBySideBarProps) {
  const [at, setAt] = useState(-1);
  const count = changed.length;
  const move = (step: 1 | -1) => {
    if (count === 0) return;
    const next = at < 0 ? (step === 1 ? 0 : count - 1) : (at + step + count) % count;
    setAt(next);
    const id = changed[next];
    if (id !== undefined) goTo(id);
  };
  return (
    <div data-side-by-side className="flex flex-col gap-2">
      <label className="text-fg inline-flex cursor-pointer items-center gap-2.5 self-start text-sm font-medium">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          onChange={(event) => onChange(event.target.checked)}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className="bg-border-strong peer-checked:bg-accent peer-focus-visible:outline-ring relative h-5 w-9 rounded-full transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-4"
        />
        Side by side
        <span className="text-muted font-normal">({language} beside each block)</span>
      </label>
      {on && count > 0 && (
        <div
          role="status"
          className="border-warning/40 bg-warning-soft text-fg flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border px-3 py-2 text-sm"
        >
          <span className="grow">
            {language} changed since this translation was saved: {count}{' '}
            {count === 1 ? 'block' : 'blocks'}
            {at >= 0 && (
              <span className="text-muted">
                {' '}
                (showing {at + 1} of {count})
              </span>
            )}
          </span>
          <span className="flex gap-2">
            <Button size="sm" onClick={() => move(-1)}>
              Previous change
            </Button>
            <Button size="sm" onClick={() => move(1)}>
              Next change
            </Button>
          </span>
        </div>
      )}
    </div>
  );
}
