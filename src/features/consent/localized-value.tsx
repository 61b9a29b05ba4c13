// One localized text in the chosen language, saying when another language fills the gap.
import type { LocalizedText } from '../../../contract/schemas/common';
import { cn } from '../../lib/cn';
import { resolveLocalized } from './localized-text';

export function LocalizedValue({
  text,
  language,
  className,
  empty = 'No text in any language',
}: {
  text: LocalizedText;
  language: string;
  className?: string;
  empty?: string;
}) {
  const resolved = resolveLocalized(text, language);
  if (resolved.language === null) {
    return <span className={cn('text-muted italic', className)}>{empty}</span>;
  }
  return (
    <span className={className}>
      <span lang={resolved.language}>{resolved.text}</span>
      {resolved.isFallback && (
        <span className="border-warning/30 bg-warning-soft text-warning ml-2 inline-block rounded border px-1.5 text-xs font-medium whitespace-nowrap">
          no {language} text; {resolved.language} shown
        </span>
      )}
    </span>
  );
}
