import { describe, expect, it } from 'vitest';
import { hostnameOfPastedUrl } from './pasted-hostname';

describe('hostnameOfPastedUrl', () => {
  it('takes the hostname out of a web address', () => {
    expect(hostnameOfPastedUrl('https://analytics.example.net/')).toBe('analytics.example.net');
    expect(hostnameOfPastedUrl('  HTTP://Shop.Example.com:8443/path?q=1#x ')).toBe(
      'shop.example.com',
    );
    expect(hostnameOfPastedUrl('https://user:pw@a.example.org')).toBe('a.example.org');
  });

  it('leaves anything else to the field as typed', () => {
    expect(hostnameOfPastedUrl('shop.example.com')).toBeNull();
    expect(hostnameOfPastedUrl('ftp://files.example.com')).toBeNull();
    expect(hostnameOfPastedUrl('https://')).toBeNull();
    expect(hostnameOfPastedUrl('')).toBeNull();
  });
});
