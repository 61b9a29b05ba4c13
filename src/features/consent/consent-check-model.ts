/**
 * The shapes the consent checks read and point at, apart from the checks themselves so the
 * language grid can use them without importing the checks (which use the grid).
 */
import type { PrivacyPolicyState } from '../../../contract/schemas/consent';
import type {
  ConsentApplication,
  ConsentCookie,
  ConsentPurpose,
} from '../../../contract/wire/consent';

export type TargetKind = 'privacy-policy' | 'purpose' | 'application' | 'cookie';

/** What a finding is about; the page renders the finding next to it. */
export interface CheckTarget {
  kind: TargetKind;
  /** Purpose or application name, cookie id, or `privacy-policy`. */
  name: string;
}

/** A cookie as the checks see it: from the configuration's list or from an application's own. */
export type CheckedCookie = Pick<ConsentCookie, 'id' | 'name' | 'path' | 'domain' | 'application'>;

export interface ConsentCheckInput extends PrivacyPolicyState {
  purposes: readonly ConsentPurpose[];
  applications: readonly ConsentApplication[];
  cookies: readonly CheckedCookie[];
}
