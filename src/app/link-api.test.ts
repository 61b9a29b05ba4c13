import { describe, expect, it } from 'vitest';
import { linkApiToConfirm, normalizeApiUrl, prefillApiUrl } from './link-api';

describe('sign-in links and the API they name (issue 29)', () => {
  it('asks before a link moves to another API', () => {
    expect(linkApiToConfirm('https://elsewhere/api', 'http://127.0.0.1:8080/api')).toBe(
      'https://elsewhere/api',
    );
    // Same server written differently: no question.
    expect(linkApiToConfirm('HTTP://127.0.0.1:8080/api/', 'http://127.0.0.1:8080/api')).toBeNull();
    expect(linkApiToConfirm(null, 'http://127.0.0.1:8080/api')).toBeNull();
    expect(linkApiToConfirm('  ', 'http://127.0.0.1:8080/api')).toBeNull();
    // Another path on the same host is another API.
    expect(linkApiToConfirm('http://127.0.0.1:8080/other', 'http://127.0.0.1:8080/api')).toBe(
      'http://127.0.0.1:8080/other',
    );
  });

  it('normalizes only case of scheme and host and trailing slashes', () => {
    expect(normalizeApiUrl(' https://Example.COM/API/ ')).toBe('https://example.com/API');
    expect(normalizeApiUrl('not a url/')).toBe('not a url');
  });

  it('never pre-fills an API URL from a link on the form after a 401', () => {
    const own = 'http://127.0.0.1:8080/api';
    const fromLink = { baseUrl: 'https://elsewhere/api', fromLink: true };
    expect(prefillApiUrl(fromLink, 'expired', own)).toBe(own);
    expect(prefillApiUrl({ baseUrl: 'https://typed/api' }, 'expired', own)).toBe(
      'https://typed/api',
    );
    expect(prefillApiUrl(fromLink, 'signed-out', own)).toBe('https://elsewhere/api');
    expect(prefillApiUrl(null, 'expired', own)).toBe(own);
  });
});
