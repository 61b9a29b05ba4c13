// The privacy policy form wired into the one resource editor: URL rows as form values, the
// PATCH body of the chosen kind, per-language merge, and 422s on the row of their language.
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, isApiError, type ApiResponse } from '../../api/client';
import { consentResource } from '../../api/consent';
import type { ConsentConfig } from '../../../contract/wire/consent';
import { useResourceEditor } from '../../components/resource-editor/use-resource-editor';
import { policyConflictMerge } from './consent-conflict';
import {
  configToFormValues,
  privacyPolicyFormSchema,
  serverFieldToFormPath,
  toConsentUpdate,
  type PrivacyPolicyFormValues,
} from './privacy-policy-form-values';

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

const resolver = zodResolver(privacyPolicyFormSchema);

/** The body sent: the changes against the saved values (the editor's basis). */
function changes(saved: PrivacyPolicyFormValues, values: PrivacyPolicyFormValues) {
  return toConsentUpdate(values, saved);
}

export function usePrivacyPolicyForm(loaded: ApiResponse<ConsentConfig>) {
  return useResourceEditor({
    loaded,
    resource: consentResource,
    toValues: configToFormValues,
    changes,
    merge: policyConflictMerge,
    resolver: () => resolver,
    // A field is checked when the admin leaves it: an empty row just added is not an error yet
    // ('onTouched' would check the whole list on every add or remove).
    mode: 'onBlur',
    follow: 'pristine',
    errorFields: knownFields,
    toFormError: withFormFields,
    text: {
      noun: 'the privacy policy',
      saved: 'Privacy policy saved',
      conflictTitle: 'Someone else changed the privacy policy',
    },
  });
}

export type PrivacyPolicyFormController = ReturnType<typeof usePrivacyPolicyForm>;
