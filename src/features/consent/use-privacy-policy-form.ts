// The privacy policy form's state and its save: If-Match with the ETag the form was loaded with,
// 422 errors on their fields, 412 handed to the conflict dialog.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, isApiError, type ApiResponse } from '../../api/client';
import { fetchLatestConsent, storeSavedConsent, updateConsent } from '../../api/consent';
import type { ConsentConfig } from '../../api/wire/consent';
import { toast } from '../../components/ui/toast';
import { applyServerErrors } from '../../lib/form-errors';
import type { ConflictChoice } from '../../lib/three-way-merge';
import { useSaveShortcut } from '../../lib/use-save-shortcut';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes';
import {
  configToFormValues,
  privacyPolicyFormSchema,
  serverFieldToFormPath,
  toConsentUpdate,
  type PrivacyPolicyFormValues,
} from './privacy-policy-form-values';
import { findPolicyConflicts, mergePolicy, policyConflictDialogFields } from './consent-conflict';

/** What the form's edits are based on: the values as loaded and the ETag that came with them. */
interface Base {
  values: PrivacyPolicyFormValues;
  etag: string | null;
}

export interface ConflictState {
  base: PrivacyPolicyFormValues;
  yours: PrivacyPolicyFormValues;
  theirs: PrivacyPolicyFormValues;
  theirsEtag: string | null;
}

function baseOf(loaded: ApiResponse<ConsentConfig>): Base {
  return { values: configToFormValues(loaded.data), etag: loaded.etag };
}

/** Rewrites `privacy_policy_url.nl` to the row's path so the shared helper puts it on that row. */
function withFormFields(error: unknown, values: PrivacyPolicyFormValues): unknown {
  if (!isApiError(error)) return error;
  return new ApiError(error.status, {
    ...error.body,
    errors: error.fieldErrors.map((detail) => ({
      ...detail,
      field: serverFieldToFormPath(detail.field, values, detail.message) ?? detail.field,
    })),
  });
}

function knownFields(values: PrivacyPolicyFormValues): string[] {
  return [
    'privacy_policy_kind',
    'privacy_policy_page_id',
    'privacy_policy_url',
    ...values.privacy_policy_url.flatMap((_, index) => [
      `privacy_policy_url.${index}.url`,
      `privacy_policy_url.${index}.language`,
    ]),
  ];
}

export function usePrivacyPolicyForm(loaded: ApiResponse<ConsentConfig>) {
  const queryClient = useQueryClient();
  const [base, setBase] = useState<Base>(() => baseOf(loaded));
  const [formMessage, setFormMessage] = useState<string | undefined>();
  const [conflict, setConflict] = useState<ConflictState | null>(null);

  const form = useForm<PrivacyPolicyFormValues>({
    // `values` resets the form whenever the base changes: after a save, after a conflict, and
    // when the server's configuration changes while nothing is edited.
    values: base.values,
    resolver: zodResolver(privacyPolicyFormSchema),
    mode: 'onChange',
  });
  // isSubmitting covers validation and the request, so a second Ctrl+S or click sends nothing.
  const { isDirty, isSubmitting } = form.formState;

  const mutation = useMutation({ mutationFn: updateConsent });

  // A pristine form follows the server (a refetch after someone else's save); an edited one
  // keeps its base so the save is checked against what the admin saw.
  if (!isDirty && !mutation.isPending && conflict === null && loaded.etag !== base.etag) {
    setBase(baseOf(loaded));
  }

  function saved(result: ApiResponse<ConsentConfig>) {
    storeSavedConsent(queryClient, result);
    const next = baseOf(result);
    setBase(next);
    form.reset(next.values);
    setFormMessage(undefined);
    setConflict(null);
    toast.success('Privacy policy saved');
  }

  async function send(values: PrivacyPolicyFormValues, against: Base) {
    const changes = toConsentUpdate(values, against.values);
    if (Object.keys(changes).length === 0) {
      // Nothing to send (e.g. only whitespace changed): the form now shows what is saved.
      setBase(against);
      setConflict(null);
      form.reset(against.values);
      return;
    }
    setFormMessage(undefined);
    try {
      saved(await mutation.mutateAsync({ changes, etag: against.etag }));
    } catch (error) {
      if (isApiError(error) && error.isConflict) {
        try {
          const latest = await fetchLatestConsent(queryClient);
          const theirs = configToFormValues(latest.data);
          if (findPolicyConflicts(against.values, theirs, values).length === 0) {
            // They changed only fields the admin left alone: apply the admin's edits on top,
            // as the app form does.
            setConflict(null);
            toast.info('Someone else saved the privacy policy meanwhile', {
              description: 'They changed other fields; your changes were applied on top of theirs.',
            });
            await send(mergePolicy(against.values, theirs, values), {
              values: theirs,
              etag: latest.etag,
            });
            return;
          }
          setConflict({ base: against.values, yours: values, theirs, theirsEtag: latest.etag });
        } catch (reloadError) {
          setFormMessage(
            `Someone else changed the privacy policy, and loading their version failed: ${
              reloadError instanceof Error ? reloadError.message : String(reloadError)
            }`,
          );
        }
        return;
      }
      const { formMessage: message } = applyServerErrors(
        withFormFields(error, values),
        form.setError,
        knownFields(values),
      );
      setFormMessage(message);
    }
  }

  const submit = form.handleSubmit((values) => send(values, base));

  useUnsavedChanges(isDirty);
  useSaveShortcut(() => void submit(), {
    enabled: isDirty && !isSubmitting && !mutation.isPending && conflict === null,
  });

  return {
    form,
    base: base.values,
    submit,
    isSaving: isSubmitting || mutation.isPending,
    formMessage,
    discard: () => {
      form.reset(base.values);
      setFormMessage(undefined);
    },
    conflict,
    /** The fields both sides changed, as the conflict dialog shows them. */
    conflictFields: conflict
      ? policyConflictDialogFields(
          findPolicyConflicts(conflict.base, conflict.theirs, conflict.yours),
        )
      : [],
    /** Settles a conflict: their version, yours over theirs, or a choice per field; then saves. */
    resolveConflict: (choice: 'theirs' | 'yours' | Record<string, ConflictChoice>) => {
      if (!conflict) return;
      const theirs: Base = { values: conflict.theirs, etag: conflict.theirsEtag };
      if (choice === 'theirs') {
        setConflict(null);
        setBase(theirs);
        form.reset(theirs.values);
        return;
      }
      const merged = mergePolicy(
        conflict.base,
        conflict.theirs,
        conflict.yours,
        choice === 'yours' ? {} : choice,
      );
      void send(merged, theirs);
    },
    cancelConflict: () => setConflict(null),
  };
}

export type PrivacyPolicyFormController = ReturnType<typeof usePrivacyPolicyForm>;
