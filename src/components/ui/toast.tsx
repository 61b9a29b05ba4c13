// Toasts for results that belong to no form ("App saved", "Copied link"):
//   import { toast } from '…/components/ui/toast';  toast.success('Saved'); toast.error('Could not …');
//   <Toaster /> is rendered once by the shell.
// Errors stay until dismissed; the rest disappear after 5 s (paused while hovered or focused).
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  tone: ToastTone;
  title: ReactNode;
  description?: ReactNode;
  /** Optional action button, e.g. { label: 'Undo', onClick }. */
  action?: { label: string; onClick: () => void };
}

type ToastInput = Omit<ToastItem, 'id' | 'tone' | 'title'>;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const MAX_VISIBLE = 4;

function emit() {
  for (const listener of listeners) listener();
}

function push(tone: ToastTone, title: ReactNode, options: ToastInput = {}): number {
  const id = nextId++;
  items = [...items, { id, tone, title, ...options }].slice(-MAX_VISIBLE);
  emit();
  return id;
}

export const toast = {
  success: (title: ReactNode, options?: ToastInput) => push('success', title, options),
  error: (title: ReactNode, options?: ToastInput) => push('error', title, options),
  info: (title: ReactNode, options?: ToastInput) => push('info', title, options),
  dismiss: (id: number) => {
    items = items.filter((item) => item.id !== id);
    emit();
  },
  clear: () => {
    items = [];
    emit();
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getItems = () => items;

export function Toaster() {
  const current = useSyncExternalStore(subscribe, getItems, getItems);
  return (
    <div
      aria-label="Notifications"
      role="region"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      {/* Two live regions so errors interrupt and the rest wait their turn. */}
      <div aria-live="polite" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {current
          .filter((item) => item.tone !== 'error')
          .map((item) => (
            <ToastView key={item.id} item={item} />
          ))}
      </div>
      <div aria-live="assertive" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {current
          .filter((item) => item.tone === 'error')
          .map((item) => (
            <ToastView key={item.id} item={item} />
          ))}
      </div>
    </div>
  );
}

const toneClasses: Record<ToastTone, string> = {
  success: 'border-success/40',
  error: 'border-danger/50',
  info: 'border-border',
};

const toneIcon: Record<ToastTone, string> = {
  success: 'text-success',
  error: 'text-danger',
  info: 'text-accent',
};

function ToastView({ item }: { item: ToastItem }) {
  const paused = useRef(false);
  useEffect(() => {
    if (item.tone === 'error') return;
    let remaining = 5000;
    const tick = 250;
    const timer = window.setInterval(() => {
      if (paused.current) return;
      remaining -= tick;
      if (remaining <= 0) toast.dismiss(item.id);
    }, tick);
    return () => window.clearInterval(timer);
  }, [item.id, item.tone]);

  return (
    <div
      className={cn(
        'bg-surface text-fg pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border px-4 py-3 shadow-lg',
        toneClasses[item.tone],
      )}
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
      onFocus={() => (paused.current = true)}
      onBlur={() => (paused.current = false)}
    >
      <span
        className={cn('mt-0.5 size-2 shrink-0 rounded-full bg-current', toneIcon[item.tone])}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{item.title}</p>
        {item.description && <p className="text-muted mt-0.5 text-sm">{item.description}</p>}
        {item.action && (
          <button
            type="button"
            className="text-accent mt-1 text-sm font-medium hover:underline"
            onClick={() => {
              item.action?.onClick();
              toast.dismiss(item.id);
            }}
          >
            {item.action.label}
          </button>
        )}
      </div>
      <button
        type="button"
        className="text-muted hover:text-fg -mr-1 rounded p-0.5"
        aria-label="Dismiss"
        onClick={() => toast.dismiss(item.id)}
      >
        <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </button>
    </div>
  );
}
