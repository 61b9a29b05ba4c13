// A non-modal floating panel anchored to a trigger; closes on Esc (focus back to the trigger) and on
// a click outside. For help text next to a label:
//   <Popover label="About install scopes" trigger={(p) => <Button size="icon" variant="ghost" {...p}>?</Button>}>
//     Scopes the app asks for when it is installed.
//   </Popover>
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { cn } from '../../lib/cn';

export interface PopoverTriggerProps {
  ref: RefObject<HTMLButtonElement | null>;
  onClick: () => void;
  'aria-expanded': boolean;
  'aria-controls': string;
  'aria-haspopup': 'dialog';
}

export interface PopoverProps {
  /** Accessible name of the panel. */
  label: string;
  trigger: (props: PopoverTriggerProps) => ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
  className?: string;
}

/** Closes a floating element on Escape and on pointer down outside `root`. */
export function useDismiss(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  close: (reason: 'escape' | 'outside') => void,
) {
  useEffect(() => {
    if (!open) return;
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close('escape');
      }
    }
    function onPointer(event: PointerEvent) {
      if (root.current && !root.current.contains(event.target as Node)) close('outside');
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, root, close]);
}

export function Popover({ label, trigger, children, align = 'start', className }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = useCallback((reason?: 'escape' | 'outside') => {
    setOpen(false);
    if (reason !== 'outside') triggerRef.current?.focus();
  }, []);
  useDismiss(open, rootRef, close);

  return (
    <div ref={rootRef} className="relative inline-flex">
      {trigger({
        ref: triggerRef,
        onClick: () => setOpen((value) => !value),
        'aria-expanded': open,
        'aria-controls': id,
        'aria-haspopup': 'dialog',
      })}
      <div
        id={id}
        role="dialog"
        aria-label={label}
        hidden={!open}
        className={cn(
          'border-border bg-surface text-fg absolute top-full z-40 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border p-3 text-sm shadow-lg',
          align === 'end' ? 'right-0' : 'left-0',
          className,
        )}
      >
        {open && children}
      </div>
    </div>
  );
}
