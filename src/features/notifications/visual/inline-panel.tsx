import { useRef, type ReactNode } from 'react';
import { useDismiss } from '../../../components/ui/popover';

/** The frame of the toolbar's popovers: a non-modal dialog under the toolbar; Esc closes it. */
export function InlinePanel({
  label,
  onClose,
  children,
}: {
  label: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  useDismiss(true, root, onClose);
  return (
    <div
      ref={root}
      role="dialog"
      aria-label={label}
      className="border-border bg-surface text-fg absolute top-full left-0 z-40 mt-1 flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-3 rounded-lg border p-3 text-sm shadow-lg"
    >
      {children}
    </div>
  );
}
