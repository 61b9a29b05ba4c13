import { describe, expect, it } from 'vitest';
import { privacyPolicyUrlSchema } from './consent';

const accepts = (value: string) => privacyPolicyUrlSchema.safeParse(value).success;

describe('privacyPolicyUrlSchema', () => {
  it('accepts absolute https URLs and same-site paths', () => {
    for (const value of [
      'https://example.com/privacy',
      'https://example.com',
      'https://example.com/a?b=c#d',
      '/privacy',
      '/legal/privacy-policy.html',
      '/p?lang=nl#cookies',
      '/%7Euser/privacy',
      '/@team:privacy',
    ]) {
      expect(accepts(value), value).toBe(true);
    }
  });

  it('refuses what a browser could read as another site, and anything not https', () => {
    for (const value of [
      '//evil.example',
      '/\\evil.example', // browsers read /\host as //host
      '/\\/evil.example',
      '\\\\evil.example',
      'https://example.com\\@evil.example/',
      'https:\\\\evil.example',
      '/',
      '/?q',
      '/#x',
      '/ space',
      '/tab\there',
      '/nul\u0000',
      'privacy',
      'http://example.com/privacy',
      'javascript:alert(1)',
      'data:text/html,hi',
      'https:///path-only',
    ]) {
      expect(accepts(value), JSON.stringify(value)).toBe(false);
    }
  });
});
