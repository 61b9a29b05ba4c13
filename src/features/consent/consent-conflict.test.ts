import { describe, expect, it } from 'vitest';
import { findPolicyConflicts, mergePolicy } from './consent-conflict';
import type { PrivacyPolicyFormValues } from './privacy-policy-form-values';

const base: PrivacyPolicyFormValues = {
  privacy_policy_kind: 'url',
  privacy_policy_url: [
    { language: 'en', url: '/privacy' },
    { language: 'nl', url: '/nl/privacy' },
  ],
  privacy_policy_page_id: '',
};

const withUrls = (
  urls: Record<string, string>,
  kind: PrivacyPolicyFormValues['privacy_policy_kind'] = 'url',
) => ({
  ...base,
  privacy_policy_kind: kind,
  privacy_policy_url: Object.entries(urls).map(([language, url]) => ({ language, url })),
});

describe('findPolicyConflicts', () => {
  it('reports only fields both sides changed differently', () => {
    const theirs = withUrls({ en: '/theirs', nl: '/nl/theirs' });
    const yours = withUrls({ en: '/yours', nl: '/nl/privacy', de: '/de' });
    expect(findPolicyConflicts(base, theirs, yours)).toEqual([
      { field: 'url:en', label: 'URL (en)', theirs: '/theirs', yours: '/yours' },
    ]);
  });

  it('reports a removed language against a changed one, and nothing when both agree', () => {
    const theirs = withUrls({ en: '/privacy', nl: '/nl/new' });
    const yours = withUrls({ en: '/privacy' });
    expect(findPolicyConflicts(base, theirs, yours)).toEqual([
      { field: 'url:nl', label: 'URL (nl)', theirs: '/nl/new', yours: null },
    ]);
    expect(findPolicyConflicts(base, yours, yours)).toEqual([]);
  });
});

describe('mergePolicy', () => {
  const theirs = {
    ...withUrls({ en: '/theirs', nl: '/nl/privacy' }, 'page'),
    privacy_policy_page_id: 'p1',
  };
  const yours = withUrls({ en: '/yours', nl: '/nl/yours' });

  it('takes your changes over theirs and keeps what only they changed', () => {
    expect(mergePolicy(base, theirs, yours)).toEqual({
      privacy_policy_kind: 'page',
      privacy_policy_url: [
        { language: 'en', url: '/yours' },
        { language: 'nl', url: '/nl/yours' },
      ],
      privacy_policy_page_id: 'p1',
    });
  });

  it('keeps theirs per field when chosen, and removes a language you removed', () => {
    const removed = withUrls({ en: '/yours' });
    expect(mergePolicy(base, theirs, removed, { 'url:en': 'theirs' }).privacy_policy_url).toEqual([
      { language: 'en', url: '/theirs' },
    ]);
  });
});
