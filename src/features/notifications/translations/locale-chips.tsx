// A template's languages in the notifications list (issue 28): "nl ✓ fr missing", compact, with
// each state said in words to screen readers.
import { cn } from '../../../lib/cn';
import { displayLocale, languageName } from '../../../lib/language-name';
import type { Notification } from '../../../../contract/wire/notification';
import { localeStatusWord } from './locale-status';
import { savedLocaleStates } from './translation-fields';

const GLYPHS = { translated: '✓', missing: '○', outdated: '!' } as const;

export function LocaleChips({
  notification,
  defaultLocale,
  locales,
}: {
  notification: Notification;
  defaultLocale: string;
  locales: readonly string[];
}) {
  const states = savedLocaleStates(notification, defaultLocale, locales);
  if (states.length === 0) return null;
  const names = displayLocale();
  return (
    <ul aria-label="Languages" className="flex flex-wrap gap-1">
      {states.map(({ locale, status }) => (
        <li
          key={locale}
          title={`${languageName(locale, names)}: ${localeStatusWord(status)}`}
          className={cn(
            'inline-flex items-center gap-1 rounded border px-1.5 text-xs leading-5',
            status === 'translated' && 'border-success/40 text-success',
            status === 'missing' && 'border-border text-muted border-dashed',
            status === 'outdated' && 'border-warning bg-warning-soft text-warning',
          )}
        >
          <span className="font-mono">{locale}</span>
          <span aria-hidden="true">{GLYPHS[status]}</span>
          {/* Translated is the usual case: its word only for screen readers, to stay compact. */}
          <span className={status === 'translated' ? 'sr-only' : undefined}>
            {localeStatusWord(status)}
          </span>
        </li>
      ))}
    </ul>
  );
}
