// The name of a saved log view: "Save view…" and "Rename…" (issue 30). Errors land on the field:
// the schema's messages before sending, and the service's (a 409 for a name already used, a 422)
// after; anything else is a form-level message.
import { useState, type SyntheticEvent } from 'react';
import { isApiError } from '../../api/client';
import { logViewNameSchema, LOG_VIEW_NAME_MAX } from '../../../contract/schemas/log-view';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { Input } from '../../components/ui/input';

export interface LogViewNameDialogProps {
  title: string;
  submitLabel: string;
  initialName: string;
  /** Saves under `name`; rejects with the service's error. */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}

/** The message of an error for the name field, or undefined when it is about something else. */
function nameErrorOf(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  return error.fieldErrors.find((detail) => detail.field === 'name')?.message;
}

export function LogViewNameDialog({
  title,
  submitLabel,
  initialName,
  onSubmit,
  onClose,
}: LogViewNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [nameError, setNameError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = logViewNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    setFormError(null);
    setSaving(true);
    try {
      await onSubmit(parsed.data);
      onClose();
    } catch (error) {
      const onName = nameErrorOf(error);
      if (onName) setNameError(onName);
      else setFormError(isApiError(error) ? error.message : 'The view was not saved');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open onClose={onClose} title={title} size="sm" initialFocus="[data-autofocus]">
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
        <FormAlert message={formError} />
        <Field label="View name" error={nameError}>
          {(props) => (
            <Input
              {...props}
              data-autofocus
              value={name}
              maxLength={LOG_VIEW_NAME_MAX + 20}
              placeholder="Checkout errors"
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={saving}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
