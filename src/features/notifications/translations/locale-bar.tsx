// The locale bar above the template's fields (issue 28): the default first, then each site
// locale, with its state; a tablist (WAI-ARIA: arrow keys, Home and End; selection follows focus)
// whose one panel is the fields, showing the selected locale.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { displayLocale, languageName } from '../../../lib/language-name';
import { LocaleStatusText } from './locale-status';
import type { LocaleState } from './translation-fields';

export interface LocaleBarProps {
  states: readonly LocaleState[];
  selected: string;
  onSelect: (locale: string) => void;
  /** Locales with an error (from the service or a blocked save) are marked. */
  withErrors: ReadonlySet<string>;
  /** The id of the panel the tabs control (the fields). */
  panelId: string;
  /** At the end of the row (wrapping under the tabs on a phone), e.g. removing the shown one. */
  actions?: ReactNode;
}

export function localeTabId(panelId: string, locale: string): string {
  return `${panelId}-tab-${locale}`;
}

export function LocaleBar({
  states,
  selected,
  onSelect,
  withErrors,
  panelId,
  actions,
}: LocaleBarProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const names = displayLocale();

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = states.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % states.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + states.length) % states.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const state = next === null ? undefined : states[next];
    if (!state) return;
    event.preventDefault();
    onSelect(state.locale);
    buttons.current.get(state.locale)?.focus();
  };

  return (
    <div className="border-border flex flex-wrap items-end justify-between gap-x-3 gap-y-2 border-b">
      <div
        role="tablist"
        aria-label="Languages"
        className="-mb-px flex min-w-0 gap-1 overflow-x-auto"
      >
        {states.map((state, index) => {
          const isSelected = state.locale === selected;
          const hasError = withErrors.has(state.locale);
          return (
            <button
              key={state.locale}
              ref={(element) => {
                if (element) buttons.current.set(state.locale, element);
                else buttons.current.delete(state.locale);
              }}
              type="button"
              role="tab"
              id={localeTabId(panelId, state.locale)}
              aria-selected={isSelected}
              aria-controls={panelId}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(state.locale)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                '-mb-px flex shrink-0 flex-col items-start gap-0.5 rounded-t-md border-b-2 px-3 py-1.5 text-left',
                'focus-visible:ring-accent focus-visible:ring-2 focus-visible:outline-none',
                isSelected
                  ? 'border-accent text-fg bg-subtle'
                  : 'text-muted hover:text-fg border-transparent',
              )}
            >
              <span className="flex items-baseline gap-1.5 text-sm font-medium whitespace-nowrap">
                {languageName(state.locale, names)}
                <span className="text-muted font-mono text-xs">{state.locale}</span>
              </span>
              <span className="flex items-center gap-2 whitespace-nowrap">
                <LocaleStatusText status={state.status} />
                {state.edited && (
                  <span className="text-accent text-xs">
                    <span aria-hidden="true">● </span>edited
                  </span>
                )}
                {hasError && (
                  <span className="text-danger text-xs font-semibold">
                    <span aria-hidden="true">✕ </span>has errors
                  </span>
                )}
              </span>
            </button>
          );
        })}
      </div>
      {actions && <div className="pb-1.5">{actions}</div>}
    </div>
  );
}
