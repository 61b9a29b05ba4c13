import { describe, expect, it } from 'vitest';
import { previewCallbackUrl } from './callback-preview';
import { deriveCallbackUrl } from '../../../contract/app-callback';

const app = { key: 'storefront', domain: 'shop.example.com' };
const values = {
  internal: true,
  domain: 'shop.example.com',
  install_scopes: ['write_orders', 'read_orders'],
  callback_url: 'https://old.example.com/cb',
};

describe('previewCallbackUrl', () => {
  it('derives an internal app URL with the service formula, scopes sorted', () => {
    const preview = previewCallbackUrl(app, values);
    expect(preview).toEqual({
      url: 'https://shop.example.com/oauth/storefront/callback?scopes=read_orders,write_orders',
      derived: true,
    });
    expect(preview.url).toBe(deriveCallbackUrl(app, values.install_scopes));
  });

  it('follows the scopes being edited, in any order', () => {
    const a = previewCallbackUrl(app, {
      ...values,
      install_scopes: ['read_logs', 'read_channels'],
    });
    const b = previewCallbackUrl(app, {
      ...values,
      install_scopes: ['read_channels', 'read_logs'],
    });
    expect(a.url).toBe(
      'https://shop.example.com/oauth/storefront/callback?scopes=read_channels,read_logs',
    );
    expect(b.url).toBe(a.url);
    expect(previewCallbackUrl(app, { ...values, install_scopes: [] }).url).toBe(
      'https://shop.example.com/oauth/storefront/callback',
    );
  });

  it('uses the edited domain once it is a hostname, the saved one before', () => {
    expect(previewCallbackUrl(app, { ...values, domain: 'New.Example.com ' }).url).toMatch(
      /^https:\/\/new\.example\.com\/oauth\//,
    );
    expect(previewCallbackUrl(app, { ...values, domain: 'not a host' }).url).toMatch(
      /^https:\/\/shop\.example\.com\/oauth\//,
    );
  });

  it('shows what was typed for an external app', () => {
    expect(previewCallbackUrl(app, { ...values, internal: false })).toEqual({
      url: 'https://old.example.com/cb',
      derived: false,
    });
  });
});
