import { describe, expect, it } from 'vitest';
import { siteOfAddress, splitSitePath, withSite } from './site-address';

describe('splitSitePath', () => {
  it('takes the site off a prefixed path', () => {
    expect(splitSitePath('/s/acme/apps/storefront/logs')).toEqual({
      site: 'acme',
      path: '/apps/storefront/logs',
    });
    expect(splitSitePath('/s/acme')).toEqual({ site: 'acme', path: '/' });
    expect(splitSitePath('/s/acme/')).toEqual({ site: 'acme', path: '/' });
  });

  it('leaves a site-less path alone', () => {
    expect(splitSitePath('/apps')).toEqual({ site: null, path: '/apps' });
    expect(splitSitePath('/')).toEqual({ site: null, path: '/' });
    // `/sites-of-mine` is not `/s/…`; a segment that is no site id is not a prefix either.
    expect(splitSitePath('/settings/site')).toEqual({ site: null, path: '/settings/site' });
    expect(splitSitePath('/s/Acme/apps')).toEqual({ site: null, path: '/s/Acme/apps' });
    expect(splitSitePath('/s/acme!/apps')).toEqual({ site: null, path: '/s/acme!/apps' });
    expect(splitSitePath('/s')).toEqual({ site: null, path: '/s' });
  });
});

describe('withSite', () => {
  it('puts the site in front of an in-app path', () => {
    expect(withSite('/apps/storefront', 'demo')).toBe('/s/demo/apps/storefront');
    expect(withSite('/', 'demo')).toBe('/s/demo');
  });

  it('never prefixes sign-in or a path that already names a site', () => {
    expect(withSite('/sign-in', 'demo')).toBe('/sign-in');
    expect(withSite('/s/acme/apps', 'demo')).toBe('/s/acme/apps');
  });

  it('round-trips with splitSitePath', () => {
    for (const path of ['/', '/apps', '/apps/a-b/logs', '/settings/consent']) {
      expect(splitSitePath(withSite(path, 'my-site-2'))).toEqual({ site: 'my-site-2', path });
    }
  });
});

describe('siteOfAddress', () => {
  it('reads the site of a path with search and hash, or of a full URL', () => {
    expect(siteOfAddress('/s/acme/apps/x/logs?entry=12&at=2026-11-27T05%3A00%3A00Z#top')).toBe(
      'acme',
    );
    expect(siteOfAddress('http://127.0.0.1:5173/s/demo/apps')).toBe('demo');
    expect(siteOfAddress('/apps?q=%2Fs%2Facme%2F')).toBeNull();
  });
});
