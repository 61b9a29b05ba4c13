// A locale's state as words and a glyph (never colour alone): the locale bar and the list's chips.
import { cn } from '../../../lib/cn';
import type { LocaleStatus } from './translation-fields';

const GLYPHS: Record<LocaleStatus, string> = {
  default: '★',
  translated: '✓',
  missing: '○',
  outdated: '!',
};

const WORDS: Record<LocaleStatus, string> = {
  default: 'default',
  translated: 'translated',
  missing: 'missing',
  outdated: 'outdated',
};

const TONES: Record<LocaleStatus, string> = {
  default: 'text-muted',
  translated: 'text-success',
  missing: 'text-muted',
  outdated: 'text-warning',
};

export function localeStatusWord(status: LocaleStatus): string {
  return WORDS[status];
}

/** "✓ translated": the glyph is decoration, the word is what a screen reader says. */
export function LocaleStatusText({
  status,
  compact = false,
}: {
  status: LocaleStatus;
  /** Only the glyph shows; the word stays for screen readers. */
  compact?: boolean;
}) {
  return (
    <span className={cn('inline-flex items-center gap-1 text-xs', TONES[status])}>
      <span aria-hidden="true" className="font-semibold">
        {GLYPHS[status]}
      </span>
      <span className={compact ? 'sr-only' : undefined}>{WORDS[status]}</span>
    </span>
  );
}
