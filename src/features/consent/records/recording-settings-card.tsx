// Where banners may record from: the origins (nothing is recorded until one is listed), how long
// records are kept, and the public key the export writes (rotating it stops old banners). Members
// read it; the service lets admins change it and says so on the field otherwise.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { isApiError } from '../../../api/client';
import {
  consentRecordKeys,
  consentRecordSettingsQueryOptions,
  rotateConsentKey,
  updateConsentRecordSettings,
  type ConsentPublicKeyWire,
} from '../../../api/consent-records';
import { keySite } from '../../../api/key-site';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Field } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Input } from '../../../components/ui/input';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';

interface Draft {
  origins: string;
  retention: string;
}
type Errors = Partial<Record<'origins' | 'retention_months' | 'form', string>>;

function draftOf(settings: ConsentPublicKeyWire): Draft {
  return { origins: settings.origins.join('\n'), retention: String(settings.retention_months) };
}

/** The service's answer to a failed save, on its field (`origins.2` is the third line). */
function errorsOf(error: unknown): Errors {
  if (isApiError(error) && error.status === 403) {
    return { form: 'Only admins of this site can change where banners record from.' };
  }
  if (!isApiError(error) || error.fieldErrors.length === 0) {
    return { form: error instanceof Error ? error.message : 'Could not save.' };
  }
  const found: Errors = {};
  for (const detail of error.fieldErrors) {
    const [field, index] = detail.field.split('.');
    if (field === 'origins') {
      found.origins =
        index === undefined
          ? detail.message
          : `Line ${String(Number(index) + 1)}: ${detail.message}`;
    } else if (field === 'retention_months') {
      found.retention_months = detail.message;
    } else {
      found.form = detail.message;
    }
  }
  return found;
}

function SettingsForm({ settings }: { settings: ConsentPublicKeyWire }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [errors, setErrors] = useState<Errors>({});
  const [askRotate, setAskRotate] = useState(false);
  const store = (next: ConsentPublicKeyWire) => {
    queryClient.setQueryData(consentRecordSettingsQueryOptions().queryKey, next);
    // The Consent page's export reads the endpoint (with the key) from its own query.
    void queryClient.invalidateQueries({ queryKey: consentRecordKeys.publicKey(keySite()) });
  };
  const save = useMutation({
    mutationFn: () => {
      const retention = Number(draft.retention);
      return updateConsentRecordSettings({
        origins: draft.origins
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        // A number the service judges (its message lands on the field); text is sent as is.
        retention_months: (Number.isFinite(retention) && draft.retention.trim() !== ''
          ? retention
          : draft.retention) as number,
      });
    },
    onMutate: () => setErrors({}),
    onSuccess: (next) => {
      store(next);
      setDraft(draftOf(next));
      toast.success('Recording settings saved');
    },
    onError: (error) => setErrors(errorsOf(error)),
  });
  const rotate = useMutation({
    mutationFn: rotateConsentKey,
    onSuccess: (next) => {
      setAskRotate(false);
      store(next);
      toast.success('New key made: export the Klaro config again');
    },
    onError: (error) => {
      setAskRotate(false);
      setErrors(
        isApiError(error) && error.status === 403
          ? { form: 'Only admins of this site can rotate the key.' }
          : { form: error.message },
      );
    },
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormAlert message={errors.form ?? null} />
      <Field
        label="Origins"
        error={errors.origins}
        hint="One per line, such as https://shop.example.com. Banners record only from these; none listed records nothing."
      >
        {(props) => (
          <Textarea
            {...props}
            rows={3}
            className="font-mono"
            spellCheck={false}
            value={draft.origins}
            onChange={(event) => setDraft({ ...draft, origins: event.target.value })}
          />
        )}
      </Field>
      <Field
        label="Keep records for (months)"
        error={errors.retention_months}
        hint="Older records are deleted."
        className="max-w-56"
      >
        {(props) => (
          <Input
            {...props}
            inputMode="numeric"
            value={draft.retention}
            onChange={(event) => setDraft({ ...draft, retention: event.target.value })}
          />
        )}
      </Field>
      <div>
        <Button type="submit" variant="primary" loading={save.isPending}>
          Save
        </Button>
      </div>
      <div className="border-border flex flex-col gap-2 border-t pt-4">
        <p className="text-sm">
          <span className="text-muted">Public key </span>
          <code className="font-mono text-xs break-all">{settings.key}</code>
        </p>
        <p className="text-muted text-xs">
          The export writes it into the banner; it only lets a browser on a listed origin record.
        </p>
        <div>
          <Button size="sm" onClick={() => setAskRotate(true)}>
            Rotate key
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={askRotate}
        title="Make a new public key?"
        description="Banners exported with the current key stop recording until you export the Klaro config again."
        confirmLabel="Rotate key"
        tone="danger"
        loading={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onCancel={() => setAskRotate(false)}
      />
    </form>
  );
}

export function RecordingSettingsCard() {
  const settings = useQuery(consentRecordSettingsQueryOptions());
  return (
    <Card aria-labelledby="recording-settings-heading">
      <CardHeader
        id="recording-settings-heading"
        title="Recording"
        description="Where banners may record choices from, and how long records are kept."
      />
      <CardBody>
        {settings.isPending ? (
          <SkeletonRows count={3} label="Loading the recording settings" />
        ) : settings.isError ? (
          <ErrorState
            error={settings.error}
            title="Could not load the recording settings"
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <SettingsForm key={settings.data.key} settings={settings.data} />
        )}
      </CardBody>
    </Card>
  );
}
