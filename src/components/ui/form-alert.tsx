// The message above a form when a save failed for a reason no field can show:
//   <FormAlert message={editor.formMessage} onRetry={editor.retryable ? retry : undefined} />
import { Button } from './button';

export interface FormAlertProps {
  message: string | null;
  /** Offered when trying again may help (the server failed or could not be reached). */
  onRetry?: () => void;
}

export function FormAlert({ message, onRetry }: FormAlertProps) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="border-danger/30 bg-danger-soft text-danger flex items-start justify-between gap-3 rounded-md border px-3 py-2 text-sm"
    >
      <p className="min-w-0 py-1">{message}</p>
      {onRetry && (
        <Button size="sm" className="shrink-0" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}
