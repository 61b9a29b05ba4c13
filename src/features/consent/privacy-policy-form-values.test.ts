import { describe, expect, it } from 'vitest';
import {
  configToFormValues,
  formValuesToState,
  privacyPolicyFormSchema,
  serverFieldToFormPath,
  toConsentUpdate,
  type PrivacyPolicyFormValues,
} from './privacy-policy-form-values';

const saved: PrivacyPolicyFormValues = {
  privacy_policy_kind: 'url',
  privacy_policy_url: [
    { language: 'en', url: 'https://example.com/privacy' },
    { language: 'nl', url: '/nl/privacy' },
  ],
  privacy_policy_page_id: '',
};

function issues(values: PrivacyPolicyFormValues) {
  const result = privacyPolicyFormSchema.safeParse(values);
  return result.success
    ? []
    : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('configToFormValues', () => {
  it('turns the URL map into rows and a missing page id into an empty string', () => {
    expect(
      configToFormValues({
        privacy_policy_kind: 'url',
        privacy_policy_url: { en: 'https://example.com/privacy', nl: '/nl/privacy' },
        privacy_policy_page_id: null,
      }),
    ).toEqual(saved);
  });

  it('shows an unknown kind as none', () => {
    expect(
      configToFormValues({
        privacy_policy_kind: 'pdf',
        privacy_policy_url: {},
        privacy_policy_page_id: 'x',
      }),
    ).toMatchObject({ privacy_policy_kind: 'none', privacy_policy_page_id: 'x' });
  });
});

describe('privacyPolicyFormSchema', () => {
  it('accepts absolute https URLs and site paths', () => {
    expect(issues(saved)).toEqual([]);
  });

  it('rejects http, protocol-relative and empty URLs on their rows', () => {
    expect(
      issues({
        ...saved,
        privacy_policy_url: [
          { language: 'en', url: 'http://example.com' },
          { language: 'nl', url: '//evil.example' },
          { language: 'de', url: ' ' },
        ],
      }).map(([path]) => path),
    ).toEqual(['privacy_policy_url.0.url', 'privacy_policy_url.1.url', 'privacy_policy_url.2.url']);
  });

  it('rejects bad and repeated language codes', () => {
    expect(
      issues({
        ...saved,
        privacy_policy_url: [
          { language: 'EN', url: '/a' },
          { language: 'nl', url: '/b' },
          { language: 'nl', url: '/c' },
          { language: '', url: '/d' },
        ],
      }),
    ).toEqual([
      ['privacy_policy_url.0.language', 'Must be a language code such as en, nl or pt-BR'],
      ['privacy_policy_url.2.language', 'nl is already listed'],
      ['privacy_policy_url.3.language', 'Enter a language code'],
    ]);
  });

  it('needs at least one URL for kind url and a page id for kind page', () => {
    expect(issues({ ...saved, privacy_policy_url: [] })).toEqual([
      ['privacy_policy_url', 'Kind url needs at least one URL'],
    ]);
    expect(issues({ ...saved, privacy_policy_kind: 'page', privacy_policy_page_id: ' ' })).toEqual([
      ['privacy_policy_page_id', 'Enter a page id'],
    ]);
  });

  it('does not validate the fields of another kind', () => {
    expect(
      issues({
        ...saved,
        privacy_policy_kind: 'none',
        privacy_policy_url: [{ language: 'x', url: 'bad' }],
      }),
    ).toEqual([]);
  });
});

describe('toConsentUpdate', () => {
  it('sends nothing when nothing changed', () => {
    expect(toConsentUpdate(saved, saved)).toEqual({});
  });

  it('sends the whole URL map when a URL changes or a language is removed', () => {
    expect(
      toConsentUpdate(
        { ...saved, privacy_policy_url: [{ language: 'en', url: ' https://example.com/p ' }] },
        saved,
      ),
    ).toEqual({ privacy_policy_url: { en: 'https://example.com/p' } });
  });

  it('sends the kind and only the fields of the new kind', () => {
    expect(
      toConsentUpdate(
        {
          ...saved,
          privacy_policy_kind: 'page',
          privacy_policy_page_id: ' privacy ',
          privacy_policy_url: [],
        },
        saved,
      ),
    ).toEqual({ privacy_policy_kind: 'page', privacy_policy_page_id: 'privacy' });
    expect(toConsentUpdate({ ...saved, privacy_policy_kind: 'none' }, saved)).toEqual({
      privacy_policy_kind: 'none',
    });
  });
});

describe('formValuesToState', () => {
  it('drops empty rows and blanks', () => {
    expect(
      formValuesToState({
        privacy_policy_kind: 'url',
        privacy_policy_url: [
          { language: 'en', url: '/p' },
          { language: 'nl', url: '' },
        ],
        privacy_policy_page_id: '  ',
      }),
    ).toEqual({
      privacy_policy_kind: 'url',
      privacy_policy_url: { en: '/p' },
      privacy_policy_page_id: null,
    });
  });
});

describe('serverFieldToFormPath', () => {
  it('maps a language of the URL map to its row', () => {
    expect(serverFieldToFormPath('privacy_policy_url.nl', saved)).toBe('privacy_policy_url.1.url');
    expect(serverFieldToFormPath('privacy_policy_url[en]', saved)).toBe('privacy_policy_url.0.url');
    expect(serverFieldToFormPath('privacy_policy_url.nl', saved, 'Unknown language code')).toBe(
      'privacy_policy_url.1.language',
    );
  });

  it('falls back to the URL list, keeps the other fields and refuses unknown ones', () => {
    expect(serverFieldToFormPath('privacy_policy_url.fr', saved)).toBe('privacy_policy_url');
    expect(serverFieldToFormPath('privacy_policy_url', saved)).toBe('privacy_policy_url');
    expect(serverFieldToFormPath('privacy_policy_page_id', saved)).toBe('privacy_policy_page_id');
    expect(serverFieldToFormPath('purposes', saved)).toBeNull();
  });
});
