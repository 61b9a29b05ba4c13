// Whatever sparse app another server sends, the form opens on it and, untouched, sends nothing:
// a field the server never sent is not sent back unless the admin fills it in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appWireSchema } from '../../../contract/wire/app';
import { appFormResolver, appToFormValues, changedFields } from './app-form-values';
import { appTitle } from './app-title';

const sparseApp = fc.record(
  {
    key: fc.oneof(fc.string({ minLength: 1 }), fc.nat()),
    name: fc.option(fc.string()),
    url: fc.option(fc.string()),
    domain: fc.option(fc.string()),
    callback_url: fc.option(fc.string()),
    internal: fc.option(fc.boolean()),
    install_scopes: fc.option(fc.array(fc.string())),
    sdk_version: fc.option(fc.string()),
  },
  { requiredKeys: ['key'] },
);

describe('the app form on any sparse app', () => {
  it('opens, names the app, sends nothing untouched, and its check passes untouched', async () => {
    await fc.assert(
      fc.asyncProperty(sparseApp, async (input) => {
        const app = appWireSchema.parse(input);
        const values = appToFormValues(app);
        expect(appTitle(app).length).toBeGreaterThan(0);
        expect(changedFields(values, { ...values })).toEqual({});
        const result = await appFormResolver(values)({ ...values }, undefined, {
          fields: {},
          shouldUseNativeValidation: false,
        });
        expect(result.errors).toEqual({});
      }),
      { numRuns: 200 },
    );
  });
});
