// The checks of the draft as it is being edited (issue 39): the form's values, unsaved changes
// and drafted translations included, with the sample, sent to `POST /notifications/{slug}/checks`
// once the typing has paused. The previous result stays shown while the next one is asked.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { checkDraft, checksKeys } from '../../../api/notification-checks';
import { keySite } from '../../../api/key-site';
import type { ChecksRequest } from '../../../../contract/schemas/notification-checks';
import type { NotificationFormValues } from '../translations/translation-fields';
import { useDebouncedValue } from '../editor/use-debounced-value';

const PAUSE_MS = 600;

export function draftRequest(
  values: NotificationFormValues,
  sample: { name: string; data: Record<string, unknown> },
): ChecksRequest {
  return {
    subject: values.subject,
    text: values.text,
    html: values.html,
    html_enabled: values.html_enabled,
    translations: Object.fromEntries(
      Object.entries(values.translations).map(([locale, fields]) => [
        locale,
        { subject: fields.subject, text: fields.text, html: fields.html },
      ]),
    ),
    samples: [{ name: sample.name.slice(0, 200), data: sample.data }],
  };
}

export function useDraftChecks(
  slug: string,
  values: NotificationFormValues,
  sample: { name: string; data: Record<string, unknown> },
) {
  const request = useMemo(() => draftRequest(values, sample), [values, sample]);
  const settled = useDebouncedValue(request, PAUSE_MS);
  const site = keySite();
  return useQuery({
    queryKey: checksKeys.draft(site, slug, settled, null),
    queryFn: ({ signal }) => checkDraft(slug, settled, { signal }),
    placeholderData: keepPreviousData,
    // A draft's checks are fresh until it changes (the key changes with it).
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}
