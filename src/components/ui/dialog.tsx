// A modal dialog on the native <dialog> (showModal): the page behind is inert, so focus stays
// inside; Esc and the close button call onClose; focus returns to where it was.
//   <Dialog open={open} onClose={() => setOpen(false)} title="Delete app?" description="…"
//     footer={<><Button onClick={…}>Cancel</Button><Button variant="danger">Delete</Button></>}>
//     …body…
//   </Dialog>
// <ConfirmDialog> is the yes/no case. Give `initialFocus` a selector when the first focusable
// element is not the one to start on (e.g. '[data-autofocus]').
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Role alertdialog for confirmations that interrupt. */
  role?: 'dialog' | 'alertdialog';
  initialFocus?: string;
}

const sizeClasses = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
};

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  role = 'dialog',
  initialFocus,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const previous = document.activeElement as HTMLElement | null;
      dialog.showModal();
      const target = initialFocus ? dialog.querySelector<HTMLElement>(initialFocus) : null;
      target?.focus();
      return () => {
        if (dialog.open) dialog.close();
        previous?.focus();
      };
    }
  }, [open, initialFocus]);

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Esc: let React state decide, so the dialog and `open` never disagree.
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (event.target === ref.current) onCloseRef.current();
      }}
      // A form in the dialog submits itself only. React bubbles a submit through the component
      // tree, not the document: from a dialog portalled out of a page's <form> (a form may not
      // hold another), it would still reach that form's onSubmit (an editor's Save).
      onSubmit={(event) => event.stopPropagation()}
      className={cn(
        'bg-surface text-fg border-border m-auto w-[calc(100vw-2rem)] rounded-xl border p-0 shadow-2xl',
        sizeClasses[size],
      )}
    >
      {open && (
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-start justify-between gap-4 px-5 pt-5 pb-3">
            <div className="min-w-0">
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="text-muted mt-1 text-sm">
                  {description}
                </p>
              )}
            </div>
            <button
              type="button"
              aria-label="Close"
              onClick={() => onCloseRef.current()}
              className="text-muted hover:bg-subtle hover:text-fg -mt-1 -mr-2 rounded-md p-1.5"
            >
              <svg className="size-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          </div>
          {children && <div className="overflow-y-auto px-5 pb-4 text-sm">{children}</div>}
          {footer && (
            <div className="border-border bg-subtle/50 flex flex-wrap justify-end gap-2 rounded-b-xl border-t px-5 py-3">
              {footer}
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'primary',
  loading,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      size="sm"
      role="alertdialog"
      initialFocus="[data-autofocus]"
      footer={
        <>
          <Button onClick={onCancel} data-autofocus>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
