// Make a personal access token: a name and an expiry of 7, 30, 90 or 365 days (issue 29).
import { useMutation } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { isApiError } from '../../api/client';
import { tokenCreateSchema } from '../../../contract/schemas/token';
import { createToken, TOKEN_EXPIRY_DAYS, type CreatedTokenWire } from '../../api/tokens';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';

export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedTokenWire) => void }) {
  const [name, setName] = useState('');
  const [days, setDays] = useState<number>(30);
  const [nameError, setNameError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: createToken,
    onSuccess: (token) => {
      setName('');
      onCreated(token);
    },
  });

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = tokenCreateSchema.safeParse({ name, expires_in_days: days });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    create.mutate(parsed.data);
  }

  const failure = create.error;
  return (
    <form
      onSubmit={submit}
      aria-label="New token"
      className="border-border bg-surface mb-6 space-y-3 rounded-lg border p-4 shadow-sm"
      noValidate
    >
      <h2 className="text-fg text-sm font-semibold">New token</h2>
      <FormAlert
        message={
          failure ? (isApiError(failure) ? failure.message : 'The token was not created') : null
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Name" error={nameError} className="min-w-48 flex-1">
          {(props) => (
            <Input
              {...props}
              value={name}
              maxLength={100}
              placeholder="CI deploys"
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field label="Expires in" className="w-36">
          {(props) => (
            <Select
              {...props}
              value={String(days)}
              onChange={(event) => setDays(Number(event.target.value))}
            >
              {TOKEN_EXPIRY_DAYS.map((option) => (
                <option key={option} value={option}>
                  {option} days
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" variant="primary" loading={create.isPending}>
          Create token
        </Button>
      </div>
    </form>
  );
}
