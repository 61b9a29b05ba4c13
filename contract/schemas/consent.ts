import { z } from 'zod';
import { localeSchema, localizedTextSchema, textSchema } from './common';

export const consentPurposeSchema = z.object({
  name: z.string(),
  description: localizedTextSchema,
});
export type ConsentPurpose = z.infer<typeof consentPurposeSchema>;

export const consentCookieSchema = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string(),
  domain: z.string(),
  application: z.string(),
});
export type ConsentCookie = z.infer<typeof consentCookieSchema>;

/**
 * A consent application as our service sends it (spec 2.4); `cookies` are the cookie objects of
 * that application. What the dashboard accepts is ../wire/consent.ts.
 */
export const consentApplicationSchema = z.object({
  name: z.string(),
  title: localizedTextSchema,
  description: localizedTextSchema,
  purposes: z.array(z.string()),
  required: z.boolean(),
  default: z.boolean(),
  opt_out: z.boolean(),
  placeholder_message: localizedTextSchema,
  placeholder_action: localizedTextSchema,
  cookies: z.array(z.record(z.string(), z.unknown())),
});
export type ConsentApplication = z.infer<typeof consentApplicationSchema>;
export const consentApplicationListSchema = z.array(consentApplicationSchema);

export const PRIVACY_POLICY_KINDS = ['url', 'page', 'none'] as const;
export const privacyPolicyKindSchema = z.enum(PRIVACY_POLICY_KINDS);
export type PrivacyPolicyKind = z.infer<typeof privacyPolicyKindSchema>;

/** The four signals of Google Consent Mode v2, in the order gtag's documentation lists them. */
export const CONSENT_MODE_SIGNALS = [
  'ad_storage',
  'analytics_storage',
  'ad_user_data',
  'ad_personalization',
] as const;
export const consentModeSignalSchema = z.enum(CONSENT_MODE_SIGNALS);
export type ConsentModeSignal = z.infer<typeof consentModeSignalSchema>;

/**
 * Google Consent Mode v2 (decision 054): for each signal, the purposes whose consent grants it.
 * A signal that is absent or maps no purpose stays `denied`. Unknown signals are refused.
 */
const signalPurposesSchema = z.array(textSchema().min(1).max(200)).max(100).optional();
export const consentModeSchema = z.strictObject({
  ad_storage: signalPurposesSchema,
  analytics_storage: signalPurposesSchema,
  ad_user_data: signalPurposesSchema,
  ad_personalization: signalPurposesSchema,
} satisfies Record<ConsentModeSignal, typeof signalPurposesSchema>);
export type ConsentMode = z.infer<typeof consentModeSchema>;

/** The site's consent configuration as our service sends it (spec 2.3). */
export const consentConfigSchema = z.object({
  privacy_policy_kind: z.string(),
  privacy_policy_url: localizedTextSchema,
  privacy_policy_page_id: z.string().nullable(),
  purposes: z.array(consentPurposeSchema),
  applications: z.array(consentApplicationSchema),
  cookies: z.array(consentCookieSchema),
  /** Google Consent Mode v2 mapping; null: off (the default). */
  consent_mode: consentModeSchema.nullable(),
});
export type ConsentConfig = z.infer<typeof consentConfigSchema>;

/** RFC 3986 `pchar`: what a path segment may hold. */
const PCHAR = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})";
/**
 * A path on this site: one `/` and a path character (so never `//host`, nor `/\host`, which
 * browsers also read as another host), then path, query and fragment characters only.
 */
const SITE_PATH = new RegExp(
  `^/${PCHAR}(?:${PCHAR}|/)*(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?$`,
);
// Backslashes, whitespace and control characters: URL parsers drop or reinterpret them.
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_URL = /[\\\s\u0000-\u001f\u007f]/;

/**
 * An absolute https URL or a path on the site such as `/privacy` (a single `/` followed by a
 * path character); no backslashes, whitespace or control characters anywhere.
 */
export const privacyPolicyUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter a URL')
  .max(2048)
  .refine((value) => {
    if (UNSAFE_IN_URL.test(value)) return false;
    if (value.startsWith('/')) return SITE_PATH.test(value);
    // As written, not as a lenient parser repairs it (`https:///x` parses as https://x/).
    if (!/^https:\/\/[^/]/i.test(value)) return false;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Must be an absolute https URL or a path on the site starting with /');

export const privacyPolicyPageIdSchema = textSchema().trim().min(1, 'Enter a page id').max(200);

/** Request body of `PATCH /settings/consent`: configuration-level fields only. */
export const consentUpdateSchema = z.object({
  privacy_policy_kind: privacyPolicyKindSchema.optional(),
  privacy_policy_url: z.record(localeSchema, privacyPolicyUrlSchema).optional(),
  privacy_policy_page_id: privacyPolicyPageIdSchema.nullable().optional(),
  /** Replaced as a whole; null turns Consent Mode off; absent leaves it as it is. */
  consent_mode: consentModeSchema.nullable().optional(),
});
export type ConsentUpdate = z.infer<typeof consentUpdateSchema>;

/** Fields of the consent configuration that `PATCH /settings/consent` ignores. */
export const CONSENT_READ_ONLY_FIELDS = ['purposes', 'applications', 'cookies'] as const;

export interface PrivacyPolicyState {
  privacy_policy_kind: string;
  privacy_policy_url: Record<string, string>;
  privacy_policy_page_id: string | null;
}

/**
 * The rule both sides apply to the merged configuration: kind `url` needs at least one URL,
 * kind `page` needs a page id. Returns the offending field and why, or null.
 */
export function privacyPolicyProblem(
  state: PrivacyPolicyState,
): { field: 'privacy_policy_url' | 'privacy_policy_page_id'; message: string } | null {
  if (state.privacy_policy_kind === 'url' && Object.keys(state.privacy_policy_url).length === 0) {
    return { field: 'privacy_policy_url', message: 'Kind url needs at least one URL' };
  }
  if (state.privacy_policy_kind === 'page' && !state.privacy_policy_page_id?.trim()) {
    return { field: 'privacy_policy_page_id', message: 'Kind page needs a page id' };
  }
  return null;
}
