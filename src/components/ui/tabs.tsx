// Tabs after the WAI-ARIA pattern: arrow keys, Home and End move between tabs (selection follows
// focus); every panel stays mounted and only hidden, so editors keep their cursor and history.
// A tab only shows a panel and changes nothing, so it is no form control (`<button>`): a form
// shown read-only (a disabled fieldset, components/resource-editor/read-only.tsx) disables its
// controls but leaves a viewer every tab to read.
//   <Tabs label="Body" selected={tab} onSelect={setTab}
//         tabs={[{ id: 'html', label: 'HTML', badge: <Dot />, panel: <Editor /> }]} />
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  /** Shown after the label, e.g. an error count; give it its own accessible text. */
  badge?: ReactNode;
  panel: ReactNode;
}

export interface TabsProps<Id extends string> {
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** Shown at the end of the tab row, e.g. a button that acts on the panels. */
  actions?: ReactNode;
}

export function Tabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  actions,
}: TabsProps<Id>) {
  const base = useId();
  const buttons = useRef(new Map<Id, HTMLDivElement>());
  const shown = tabs.some((tab) => tab.id === selected) ? selected : tabs[0]?.id;

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    buttons.current.get(tab.id)?.focus();
  };

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="border-border flex flex-wrap items-end justify-between gap-2 border-b">
        <div role="tablist" aria-label={label} className="-mb-px flex flex-wrap">
          {tabs.map((tab, index) => (
            <div
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={tab.id === shown}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={tab.id === shown ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                'inline-flex cursor-pointer items-center gap-1.5 border-b-2 px-3 py-1.5 text-sm font-medium select-none',
                tab.id === shown
                  ? 'border-accent text-fg'
                  : 'text-muted hover:text-fg border-transparent',
              )}
            >
              {tab.label}
              {tab.badge}
            </div>
          ))}
        </div>
        {actions && <div className="pb-1.5">{actions}</div>}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== shown}
          className="min-w-0"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
