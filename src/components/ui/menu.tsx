// A dropdown menu (WAI-ARIA menu button): arrow keys, Home/End, Esc, type to select.
//   <Menu label="Account" trigger={(p) => <Button {...p}>Me</Button>}>
//     <MenuItem onSelect={signOut}>Sign out</MenuItem>
//     <MenuItem checked={site === s.id} onSelect={() => pick(s.id)}>{s.name}</MenuItem>
//   </Menu>
// `checked` turns an item into a menuitemradio. Put plain text in <MenuLabel>, rules in <MenuSeparator>.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { cn } from '../../lib/cn';
import { useDismiss } from './popover';

const MenuCloseContext = createContext<() => void>(() => {});

export interface MenuTriggerProps {
  ref: RefObject<HTMLButtonElement | null>;
  id: string;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  'aria-expanded': boolean;
  'aria-controls': string;
  'aria-haspopup': 'menu';
}

export function Menu({
  label,
  trigger,
  children,
  align = 'end',
  className,
}: {
  label: string;
  trigger: (props: MenuTriggerProps) => ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [focusFirst, setFocusFirst] = useState<'first' | 'last'>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const triggerId = `${id}-trigger`;

  const close = useCallback((reason?: 'escape' | 'outside') => {
    setOpen(false);
    if (reason !== 'outside') triggerRef.current?.focus();
  }, []);
  useDismiss(open, rootRef, close);

  const items = () =>
    Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>(
        '[role^="menuitem"]:not([aria-disabled="true"])',
      ) ?? [],
    );

  useEffect(() => {
    if (!open) return;
    const all = items();
    const checked = all.find((item) => item.getAttribute('aria-checked') === 'true');
    (focusFirst === 'last' ? all.at(-1) : (checked ?? all[0]))?.focus();
  }, [open, focusFirst]);

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown') next = all[(index + 1) % all.length];
    else if (event.key === 'ArrowUp') next = all[(index - 1 + all.length) % all.length];
    else if (event.key === 'Home') next = all[0];
    else if (event.key === 'End') next = all.at(-1);
    else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      const key = event.key.toLowerCase();
      next = [...all.slice(index + 1), ...all.slice(0, index + 1)].find((item) =>
        item.textContent.trim().toLowerCase().startsWith(key),
      );
    }
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  return (
    <div ref={rootRef} className="relative inline-flex">
      {trigger({
        ref: triggerRef,
        id: triggerId,
        onClick: () => {
          setFocusFirst('first');
          setOpen((value) => !value);
        },
        onKeyDown: (event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setFocusFirst(event.key === 'ArrowUp' ? 'last' : 'first');
            setOpen(true);
          }
        },
        'aria-expanded': open,
        'aria-controls': id,
        'aria-haspopup': 'menu',
      })}
      {open && (
        <div
          ref={menuRef}
          id={id}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className={cn(
            'border-border bg-surface text-fg absolute top-full z-40 mt-2 max-h-[min(24rem,70vh)] w-64 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-lg border p-1 shadow-lg',
            align === 'end' ? 'right-0' : 'left-0',
            className,
          )}
        >
          <MenuCloseContext.Provider value={close}>{children}</MenuCloseContext.Provider>
        </div>
      )}
    </div>
  );
}

export function MenuItem({
  children,
  onSelect,
  checked,
  disabled,
  tone = 'default',
  description,
}: {
  children: ReactNode;
  onSelect: () => void;
  checked?: boolean;
  disabled?: boolean;
  tone?: 'default' | 'danger';
  description?: ReactNode;
}) {
  const radio = checked !== undefined;
  const close = useContext(MenuCloseContext);
  function select() {
    if (disabled) return;
    close();
    onSelect();
  }
  return (
    <div
      role={radio ? 'menuitemradio' : 'menuitem'}
      aria-checked={radio ? checked : undefined}
      aria-disabled={disabled || undefined}
      tabIndex={-1}
      onClick={select}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          select();
        }
      }}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none select-none',
        'hover:bg-subtle focus:bg-subtle aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
        tone === 'danger' ? 'text-danger' : 'text-fg',
      )}
    >
      {radio && (
        <svg
          className={cn('size-4 shrink-0', checked ? 'text-accent' : 'invisible')}
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
        >
          <path
            fillRule="evenodd"
            d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.29a1 1 0 0 1 1.4 0Z"
            clipRule="evenodd"
          />
        </svg>
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate">{children}</span>
        {description && <span className="text-muted block truncate text-xs">{description}</span>}
      </span>
    </div>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return (
    <div className="text-muted px-2.5 pt-2 pb-1 text-xs font-medium" role="presentation">
      {children}
    </div>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="bg-border -mx-1 my-1 h-px" />;
}

/**
 * A line of information in a menu ("Signed in  admin@example.com"). A menu may hold only items,
 * so it is an item that cannot be chosen: screen readers read it among the items, and the arrow
 * keys pass over it.
 */
export function MenuInfo({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div
      role="menuitem"
      aria-disabled="true"
      tabIndex={-1}
      className="flex cursor-default justify-between gap-3 px-2.5 py-0.5 text-sm"
    >
      <span className="text-muted shrink-0">{term}</span>
      <span
        className="min-w-0 truncate font-medium"
        title={typeof children === 'string' ? children : undefined}
      >
        {children}
      </span>
    </div>
  );
}
