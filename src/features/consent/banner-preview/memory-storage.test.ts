import { describe, expect, it } from 'vitest';
import { memoryCookieJar } from './memory-storage';
import { reviveRegExps, toFrameJson } from './messages';

describe('the preview frame’s in-memory cookie jar', () => {
  it('reads and writes like document.cookie, and deletes by expiry as Klaro does', () => {
    const now = Date.parse('2026-11-27T06:00:00Z');
    const jar = memoryCookieJar(() => now);
    jar.set('klaro=%7B%22ga%22%3Atrue%7D; expires=Sat, 27 Nov 2027 06:00:00 GMT; path=/');
    jar.set('_ga=GA1.1; path=/');
    expect(jar.get()).toBe('klaro=%7B%22ga%22%3Atrue%7D; _ga=GA1.1');
    jar.set('_ga=; expires=Thu, 01 Jan 1970 00:00:01 GMT; path=/');
    jar.set('klaro=; Max-Age=0');
    expect(jar.get()).toBe('');
  });
});

describe('the frame’s configuration transport', () => {
  it('keeps cookie patterns as RegExps through JSON', () => {
    const config = { cookies: [/^_ga.*/i, ['_gid', '/', '.example.com']], lang: 'nl' };
    const back = reviveRegExps(toFrameJson(config)) as typeof config;
    expect(back.cookies[0]).toEqual(/^_ga.*/i);
    expect(back).toEqual(config);
  });
});
