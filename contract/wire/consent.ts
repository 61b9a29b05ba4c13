// The consent configuration and applications as the dashboard accepts them from any server
// (spec 2.3 to 2.5). Nothing identifies a purpose, application or cookie for the dashboard
// beyond its place in the list, so nothing is required: missing text comes out empty (the
// views show it as "not set"), missing flags off (Klaro's defaults), missing lists and
// localized texts empty; unknown fields are kept. What our service sends is the strict
// `consentConfigSchema` and `consentApplicationSchema` in ../schemas/consent.ts.
import { z } from 'zod';
import { consentModeSchema, type ConsentMode } from '../schemas/consent';
import {
  wireBooleanSchema,
  wireListSchema,
  wireLocalizedTextSchema,
  wireTextListSchema,
  wireTextSchema,
} from './common';

const textOrEmpty = wireTextSchema.transform((value) => value ?? '');
const flagOrOff = wireBooleanSchema.transform((value) => value ?? false);

const consentPurposeWireSchema = z.looseObject({
  name: textOrEmpty,
  description: wireLocalizedTextSchema,
});

const consentCookieWireSchema = z.looseObject({
  id: textOrEmpty,
  name: textOrEmpty,
  path: textOrEmpty,
  domain: textOrEmpty,
  application: textOrEmpty,
});

export const consentApplicationWireSchema = z.looseObject({
  name: textOrEmpty,
  title: wireLocalizedTextSchema,
  description: wireLocalizedTextSchema,
  purposes: wireTextListSchema,
  required: flagOrOff,
  default: flagOrOff,
  opt_out: flagOrOff,
  placeholder_message: wireLocalizedTextSchema,
  placeholder_action: wireLocalizedTextSchema,
  cookies: wireListSchema(z.record(z.string(), z.unknown())),
});
export const consentApplicationListWireSchema = z.array(consentApplicationWireSchema);

export const consentConfigWireSchema = z.looseObject({
  privacy_policy_kind: textOrEmpty,
  privacy_policy_url: wireLocalizedTextSchema,
  privacy_policy_page_id: wireTextSchema,
  purposes: wireListSchema(consentPurposeWireSchema),
  applications: wireListSchema(consentApplicationWireSchema),
  cookies: wireListSchema(consentCookieWireSchema),
  /**
   * Google Consent Mode v2 mapping (our extension, decision 054): null when missing, null or
   * unusable, as a server without it means Consent Mode is off.
   */
  consent_mode: z
    .unknown()
    .optional()
    .transform((value): ConsentMode | null => {
      const parsed = consentModeSchema.safeParse(value);
      return parsed.success ? parsed.data : null;
    }),
});

/** The consent configuration as the dashboard holds it. */
export type ConsentConfig = z.output<typeof consentConfigWireSchema>;
export type ConsentApplication = z.output<typeof consentApplicationWireSchema>;
export type ConsentPurpose = ConsentConfig['purposes'][number];
export type ConsentCookie = ConsentConfig['cookies'][number];
