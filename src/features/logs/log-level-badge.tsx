import type { LogLevel } from '../../../contract/schemas/app-log';
import { cn } from '../../lib/cn';

// Colours carry the level at a glance; the word is always there too, for colour-blind readers.
const levelClasses: Record<LogLevel, string> = {
  debug: 'bg-subtle text-muted border-border',
  info: 'bg-accent-soft text-accent border-accent/30 dark:text-indigo-300',
  warn: 'bg-warning-soft text-warning border-warning/40',
  error: 'bg-danger-soft text-danger border-danger/40',
  fatal: 'bg-danger text-danger-fg border-danger',
  unknown: 'bg-subtle text-fg border-border-strong border-dashed',
};

export function LogLevelBadge({ level, className }: { level: LogLevel; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex h-5 w-14 shrink-0 items-center justify-center rounded border font-mono text-[11px] font-semibold uppercase',
        levelClasses[level],
        className,
      )}
    >
      {/* Trimmed to the capitals, so they sit in the middle (the line box holds descenders). */}
      <span className="block [text-box:trim-both_cap_alphabetic]">{level}</span>
    </span>
  );
}
