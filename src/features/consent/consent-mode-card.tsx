// Google Consent Mode v2 (decision 054): which purposes grant each of gtag's four signals. Off
// until turned on; saved on its own (`PATCH /settings/consent` with `consent_mode` only, If-Match
// the configuration's ETag), so it never mixes with an unsaved privacy policy edit.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError, type ApiResponse } from '../../api/client';
import { storeSavedConsent, updateConsent } from '../../api/consent';
import { CONSENT_MODE_SIGNALS, type ConsentMode } from '../../../contract/schemas/consent';
import type { ConsentConfig } from '../../../contract/wire/consent';
import { ReadOnlyFields, useReadOnlyReason } from '../../components/resource-editor/read-only';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '../../components/ui/card';
import { FormAlert } from '../../components/ui/form-alert';
import { toast } from '../../components/ui/toast';

const SIGNAL_HINTS: Record<(typeof CONSENT_MODE_SIGNALS)[number], string> = {
  ad_storage: 'Cookies for advertising',
  analytics_storage: 'Cookies for analytics',
  ad_user_data: 'Sending user data to Google for advertising',
  ad_personalization: 'Personalised advertising',
};

/** The mapping with `purpose` added to or removed from `signal`. */
export function toggleMapping(
  mapping: ConsentMode,
  signal: (typeof CONSENT_MODE_SIGNALS)[number],
  purpose: string,
): ConsentMode {
  const current = mapping[signal] ?? [];
  const next = current.includes(purpose)
    ? current.filter((name) => name !== purpose)
    : [...current, purpose];
  return { ...mapping, [signal]: next };
}

function errorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 412) {
    return 'Someone else changed the consent configuration: reload the page and map again.';
  }
  if (isApiError(error) && error.fieldErrors.length > 0) {
    return error.fieldErrors.map((detail) => detail.message).join(' ');
  }
  return error instanceof Error ? error.message : 'The mapping was not saved.';
}

export function ConsentModeCard({ loaded }: { loaded: ApiResponse<ConsentConfig> }) {
  const saved = loaded.data.consent_mode;
  const purposes = loaded.data.purposes.map((purpose) => purpose.name);
  const [enabled, setEnabled] = useState(saved !== null);
  const [mapping, setMapping] = useState<ConsentMode>(saved ?? {});
  const readOnly = useReadOnlyReason('consent');
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      updateConsent({
        changes: { consent_mode: enabled ? mapping : null },
        etag: loaded.etag,
      }),
    onSuccess: (answer) => {
      storeSavedConsent(queryClient, answer);
      toast.success(enabled ? 'Consent Mode mapping saved' : 'Consent Mode turned off');
    },
  });
  const draft = enabled ? mapping : null;
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);

  return (
    <Card aria-labelledby="consent-mode-heading">
      <form
        aria-labelledby="consent-mode-heading"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <ReadOnlyFields reason={readOnly}>
          <CardHeader
            id="consent-mode-heading"
            title="Google Consent Mode"
            description="Optional: the export tells Google's tags which signals the visitor's choices grant. A signal is granted when the visitor accepts every application of its purposes."
          />
          <CardBody className="flex flex-col gap-4">
            <FormAlert message={save.isError ? errorMessage(save.error) : null} />
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                checked={enabled}
                onChange={(event) => setEnabled(event.target.checked)}
              />
              Send Google Consent Mode v2 signals
            </label>
            {enabled && (
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Purposes that grant each signal</caption>
                <thead>
                  <tr>
                    <th scope="col" className="py-1 pr-4 font-medium">
                      Signal
                    </th>
                    {purposes.map((purpose) => (
                      <th key={purpose} scope="col" className="py-1 pr-4 font-medium">
                        {purpose}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {CONSENT_MODE_SIGNALS.map((signal) => (
                    <tr key={signal} className="border-border border-t">
                      <th scope="row" className="py-2 pr-4 font-normal">
                        <code className="font-mono text-xs">{signal}</code>
                        <span className="text-muted block text-xs">{SIGNAL_HINTS[signal]}</span>
                      </th>
                      {purposes.map((purpose) => (
                        <td key={purpose} className="py-2 pr-4">
                          <input
                            type="checkbox"
                            aria-label={`${purpose} grants ${signal}`}
                            checked={(mapping[signal] ?? []).includes(purpose)}
                            onChange={() => setMapping(toggleMapping(mapping, signal, purpose))}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </CardBody>
          <CardFooter>
            <Button type="submit" disabled={!changed || save.isPending}>
              {save.isPending ? 'Updating…' : 'Update mapping'}
            </Button>
          </CardFooter>
        </ReadOnlyFields>
      </form>
    </Card>
  );
}
