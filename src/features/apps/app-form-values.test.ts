import { describe, expect, it } from 'vitest';
import {
  appFormResolver,
  appToFormValues,
  changedFields,
  type AppFormValues,
} from './app-form-values';
import { appWireSchema } from '../../../contract/wire/app';

const base: AppFormValues = {
  name: 'Storefront',
  url: 'https://shop.example.com',
  domain: 'shop.example.com',
  callback_url: 'https://shop.example.com/oauth/storefront/callback',
  internal: false,
  install_scopes: ['read_orders', 'write_orders'],
  sdk_version: '2.4.1',
};

describe('changedFields', () => {
  it('is empty when nothing changed', () => {
    expect(changedFields(base, { ...base })).toEqual({});
  });

  it('sends only the fields that changed', () => {
    expect(changedFields(base, { ...base, name: 'Shop', sdk_version: '2.5.0' })).toEqual({
      name: 'Shop',
      sdk_version: '2.5.0',
    });
  });

  it('compares scope lists as sets', () => {
    expect(
      changedFields(base, {
        ...base,
        install_scopes: ['write_orders', 'read_orders', 'read_orders'],
      }),
    ).toEqual({});
    expect(
      changedFields(base, { ...base, install_scopes: ['write_orders', 'read_products'] }),
    ).toEqual({ install_scopes: ['write_orders', 'read_products'] });
  });

  it('sends de-duplicated scopes and an emptied list', () => {
    expect(
      changedFields(base, { ...base, install_scopes: ['read_logs', 'read_logs'] }).install_scopes,
    ).toEqual(['read_logs']);
    expect(changedFields(base, { ...base, install_scopes: [] })).toEqual({ install_scopes: [] });
  });

  it('never sends the callback URL of an internal app', () => {
    const internal = { ...base, internal: true };
    expect(
      changedFields(internal, { ...internal, callback_url: 'https://x.example.com/cb' }),
    ).toEqual({});
    expect(
      changedFields(base, { ...base, internal: true, callback_url: 'https://x.example.com' }),
    ).toEqual({ internal: true });
  });

  it('sends the callback URL once the app is made external', () => {
    const internal = { ...base, internal: true };
    expect(
      changedFields(internal, {
        ...internal,
        internal: false,
        callback_url: 'https://a.example.com/cb',
      }),
    ).toEqual({ internal: false, callback_url: 'https://a.example.com/cb' });
  });
});

describe('appToFormValues', () => {
  it('takes exactly the writable fields of an app', () => {
    const app = appWireSchema.parse({
      ...base,
      key: 'storefront',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-02T00:00:00Z',
    });
    expect(appToFormValues(app)).toEqual(base);
  });
});

describe('a sparse app from another server', () => {
  const sparse = appToFormValues(
    appWireSchema.parse({
      key: 'legacy',
      name: 'Legacy',
      install_scopes: ['read_orders', 'x_beta'],
    }),
  );
  // The resolver's other arguments (context, field options) are not used.
  const resolve = (values: AppFormValues) =>
    appFormResolver(sparse)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('starts missing fields empty and keeps an unknown scope', () => {
    expect(sparse).toEqual({
      name: 'Legacy',
      url: '',
      domain: '',
      callback_url: '',
      internal: false,
      install_scopes: ['read_orders', 'x_beta'],
      sdk_version: '',
    });
  });

  it('sends only what the admin changed, never the fields the server did not send', () => {
    expect(changedFields(sparse, { ...sparse, name: 'Legacy shop' })).toEqual({
      name: 'Legacy shop',
    });
  });

  it('validates only changed fields: an empty domain or unknown scope never blocks a save', async () => {
    const result = await resolve({ ...sparse, name: '  Legacy shop ' });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ name: 'Legacy shop', domain: '' });
  });

  it('sends an unknown scope back with the list when the admin edits the scopes', async () => {
    const edited = { ...sparse, install_scopes: ['x_beta', 'read_orders', 'write_orders'] };
    expect((await resolve(edited)).errors).toEqual({});
    expect(changedFields(sparse, edited)).toEqual({ install_scopes: edited.install_scopes });
  });

  it('still checks a field the admin filled in', async () => {
    const result = await resolve({ ...sparse, domain: 'not a host' });
    expect(result.errors.domain?.message).toMatch(/hostname/);
  });
});
