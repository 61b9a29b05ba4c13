import { z } from 'zod';
import { localeSchema } from '../../../contract/schemas/common';
import {
  privacyPolicyKindSchema,
  privacyPolicyPageIdSchema,
  privacyPolicyProblem,
  privacyPolicyUrlSchema,
  type ConsentUpdate,
  type PrivacyPolicyKind,
  type PrivacyPolicyState,
} from '../../../contract/schemas/consent';
import type { ConsentConfig } from '../../../contract/wire/consent';

export interface PrivacyPolicyUrlRow {
  language: string;
  url: string;
}

/** The form edits the URL map as rows so languages can be added, renamed and removed. */
export interface PrivacyPolicyFormValues {
  privacy_policy_kind: PrivacyPolicyKind;
  privacy_policy_url: PrivacyPolicyUrlRow[];
  privacy_policy_page_id: string;
}

function isKind(value: string): value is PrivacyPolicyKind {
  return privacyPolicyKindSchema.safeParse(value).success;
}

export function configToFormValues(
  config: Pick<
    ConsentConfig,
    'privacy_policy_kind' | 'privacy_policy_url' | 'privacy_policy_page_id'
  >,
): PrivacyPolicyFormValues {
  return {
    // An unknown kind from the server shows as "none" until the admin picks one (check 8 says so).
    privacy_policy_kind: isKind(config.privacy_policy_kind) ? config.privacy_policy_kind : 'none',
    privacy_policy_url: Object.entries(config.privacy_policy_url).map(([language, url]) => ({
      language,
      url,
    })),
    privacy_policy_page_id: config.privacy_policy_page_id ?? '',
  };
}

export function rowsToUrlMap(rows: readonly PrivacyPolicyUrlRow[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const row of rows) map[row.language.trim()] = row.url.trim();
  return map;
}

/** The privacy policy as the checks see it while the admin types. */
export function formValuesToState(values: PrivacyPolicyFormValues): PrivacyPolicyState {
  return {
    privacy_policy_kind: values.privacy_policy_kind,
    privacy_policy_url: Object.fromEntries(
      Object.entries(rowsToUrlMap(values.privacy_policy_url)).filter(
        ([language, url]) => language !== '' && url !== '',
      ),
    ),
    privacy_policy_page_id: values.privacy_policy_page_id.trim() || null,
  };
}

/**
 * The contract's rules applied to the rows: only the fields of the chosen kind are validated
 * (the others are kept but not sent), each URL and language as the server checks them.
 */
export const privacyPolicyFormSchema = z
  .object({
    privacy_policy_kind: privacyPolicyKindSchema,
    privacy_policy_url: z.array(z.object({ language: z.string(), url: z.string() })),
    privacy_policy_page_id: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.privacy_policy_kind === 'url') {
      const seen = new Set<string>();
      values.privacy_policy_url.forEach((row, index) => {
        const language = row.language.trim();
        const languageResult = localeSchema.safeParse(language);
        if (language === '') {
          ctx.addIssue({
            code: 'custom',
            path: ['privacy_policy_url', index, 'language'],
            message: 'Enter a language code',
          });
        } else if (!languageResult.success) {
          ctx.addIssue({
            code: 'custom',
            path: ['privacy_policy_url', index, 'language'],
            message: firstMessage(languageResult.error),
          });
        } else if (seen.has(language)) {
          ctx.addIssue({
            code: 'custom',
            path: ['privacy_policy_url', index, 'language'],
            message: `${language} is already listed`,
          });
        }
        seen.add(language);
        const urlResult = privacyPolicyUrlSchema.safeParse(row.url);
        if (!urlResult.success) {
          ctx.addIssue({
            code: 'custom',
            path: ['privacy_policy_url', index, 'url'],
            message: firstMessage(urlResult.error),
          });
        }
      });
    }
    if (values.privacy_policy_kind === 'page') {
      const result = privacyPolicyPageIdSchema.safeParse(values.privacy_policy_page_id);
      if (!result.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['privacy_policy_page_id'],
          message: firstMessage(result.error),
        });
        return;
      }
    }
    const problem = privacyPolicyProblem(formValuesToState(values));
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

function sameMap(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

/**
 * The PATCH body: only what changed, and only the fields of the chosen kind, so a half-typed
 * field of another kind is never sent. URLs are sent as the whole map (removing a language is a
 * change too).
 */
export function toConsentUpdate(
  values: PrivacyPolicyFormValues,
  saved: PrivacyPolicyFormValues,
): ConsentUpdate {
  const changes: ConsentUpdate = {};
  if (values.privacy_policy_kind !== saved.privacy_policy_kind) {
    changes.privacy_policy_kind = values.privacy_policy_kind;
  }
  if (values.privacy_policy_kind === 'url') {
    const urls = rowsToUrlMap(values.privacy_policy_url);
    if (!sameMap(urls, rowsToUrlMap(saved.privacy_policy_url))) changes.privacy_policy_url = urls;
  }
  if (values.privacy_policy_kind === 'page') {
    const pageId = values.privacy_policy_page_id.trim();
    if (pageId !== saved.privacy_policy_page_id.trim()) changes.privacy_policy_page_id = pageId;
  }
  return changes;
}

export type PrivacyPolicyFieldPath =
  | 'privacy_policy_kind'
  | 'privacy_policy_page_id'
  | 'privacy_policy_url'
  | `privacy_policy_url.${number}.url`
  | `privacy_policy_url.${number}.language`;

/**
 * Where a server field error belongs in the form. The service names URL fields
 * `privacy_policy_url.nl` (also accepted: `privacy_policy_url[nl]`, `privacy_policy_url/nl`);
 * they land on that language's row: on its language code when the error is about the code.
 * Returns null for fields the form does not have (they become the form-level message).
 */
export function serverFieldToFormPath(
  field: string,
  values: PrivacyPolicyFormValues,
  message = '',
): PrivacyPolicyFieldPath | null {
  if (field === 'privacy_policy_kind' || field === 'privacy_policy_page_id') return field;
  const match = /^privacy_policy_url(?:\.|\/|\[)?([^\]]*)\]?$/.exec(field);
  if (!match) return null;
  const language = match[1] ?? '';
  if (language === '') return 'privacy_policy_url';
  const index = values.privacy_policy_url.findIndex((row) => row.language.trim() === language);
  if (index === -1) return 'privacy_policy_url';
  const aboutLanguage = /language|locale/i.test(message);
  return `privacy_policy_url.${index}.${aboutLanguage ? 'language' : 'url'}`;
}

/** The first problem zod found; a failed parse always has one. */
function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Not valid';
}
