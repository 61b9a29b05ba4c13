// The site's languages as an ordered list: name in the admin's language and tag, the default
// (a radio), move up/down and remove. The service's error on `locales.<i>` shows on its row.
import type { FieldErrors } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { FieldError } from '../../components/ui/field';
import { languageName } from './language-list';
import type { SiteSettingsFormValues } from './site-settings-form-values';

export function LanguageRows({
  locales,
  defaultLocale,
  displayLocale,
  errors,
  onMakeDefault,
  onMove,
  onRemove,
}: {
  locales: readonly string[];
  defaultLocale: string;
  displayLocale: string;
  errors: FieldErrors<SiteSettingsFormValues>;
  onMakeDefault: (tag: string) => void;
  onMove: (index: number, delta: -1 | 1) => void;
  onRemove: (tag: string) => void;
}) {
  const listError = errors.locales?.root?.message ?? errors.locales?.message;
  const defaultError = errors.default_locale?.message;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-fg mb-1 text-sm font-medium">Languages</legend>
      <p className="text-muted -mt-1 text-xs">
        The editor shows them in this order. The default is the language every template is written
        in first.
      </p>
      <ol
        aria-label="Languages of the site"
        className="border-border divide-border divide-y rounded-md border"
      >
        {locales.map((tag, index) => {
          const name = languageName(tag, displayLocale);
          const rowError = errors.locales?.[index]?.message;
          const errorId = `site-locale-${index}-error`;
          return (
            <li
              key={tag}
              aria-label={`${name} (${tag})`}
              aria-describedby={rowError ? errorId : undefined}
              className="flex flex-col gap-1 px-3 py-2"
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                {/* Grows to the row's width, and wraps the buttons below it when narrower than 12rem. */}
                <label className="flex min-w-0 flex-[1_1_12rem] cursor-pointer items-center gap-2">
                  <input
                    type="radio"
                    name="default_locale"
                    className="accent-accent"
                    checked={tag === defaultLocale}
                    onChange={() => onMakeDefault(tag)}
                    aria-label={`Default language: ${name}`}
                  />
                  <span className="text-fg truncate text-sm font-medium">{name}</span>
                  <span className="text-muted font-mono text-xs">{tag}</span>
                  {tag === defaultLocale && (
                    <span className="text-accent text-xs font-medium">Default</span>
                  )}
                </label>
                <div className="flex items-center gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => onMove(index, -1)}
                  >
                    Up
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Move ${name} down`}
                    disabled={index === locales.length - 1}
                    onClick={() => onMove(index, 1)}
                  >
                    Down
                  </Button>
                  <Button
                    size="sm"
                    variant="danger-subtle"
                    aria-label={`Remove ${name}`}
                    disabled={tag === defaultLocale}
                    title={tag === defaultLocale ? 'Choose another default first' : undefined}
                    onClick={() => onRemove(tag)}
                  >
                    Remove
                  </Button>
                </div>
              </div>
              {rowError && <FieldError id={errorId}>{rowError}</FieldError>}
            </li>
          );
        })}
      </ol>
      {listError && <FieldError>{listError}</FieldError>}
      {defaultError && <FieldError>{defaultError}</FieldError>}
    </fieldset>
  );
}
