import type { LiquidSyntaxError } from '../../../../contract/liquid-check';

export interface LiquidErrorListProps {
  id: string;
  fieldLabel: string;
  error: LiquidSyntaxError | undefined;
  /** Moves the cursor to the error; absent for fields that are not code editors. */
  onJump?: (offset: number) => void;
}

/** The Liquid error of one field, under it, with a link to its position. */
export function LiquidErrorList({ id, fieldLabel, error, onJump }: LiquidErrorListProps) {
  if (!error) return null;
  return (
    <ul id={id} aria-label={`Liquid errors in ${fieldLabel}`} className="flex flex-col gap-1">
      <li className="border-danger/40 bg-danger-soft text-danger flex flex-wrap items-baseline gap-x-2 rounded-md border px-2.5 py-1.5 text-xs">
        {onJump ? (
          <button
            type="button"
            className="font-mono font-semibold underline underline-offset-2"
            onClick={() => onJump(error.from)}
          >
            Line {error.line}, column {error.column}
          </button>
        ) : (
          <span className="font-mono font-semibold">
            Line {error.line}, column {error.column}
          </span>
        )}
        <span>{error.message}</span>
      </li>
    </ul>
  );
}
