// Whatever sparse notification another server sends, the editor opens on it, names it, and its
// check passes while nothing is changed (an empty name or subject is the server's, not sent).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { notificationWireSchema } from '../../../../contract/wire/notification';
import {
  changedFields,
  notificationFormValues,
  notificationResolver,
  notificationTitle,
} from './notification-fields';

const text = fc.option(fc.string());
const sparseNotification = fc.record(
  {
    slug: fc.string({ minLength: 1 }),
    id: fc.oneof(fc.string({ minLength: 1 }), fc.nat()),
    name: text,
    description: text,
    subject: text,
    text,
    html: text,
    html_enabled: fc.option(fc.boolean()),
  },
  { requiredKeys: ['id'] },
);

describe('the notification editor on any sparse notification', () => {
  it('opens, names it, and its check passes untouched', async () => {
    await fc.assert(
      fc.asyncProperty(sparseNotification, async (input) => {
        const notification = notificationWireSchema.parse(input);
        const values = notificationFormValues(notification);
        expect(notificationTitle(notification).length).toBeGreaterThan(0);
        expect(changedFields(values, { ...values })).toEqual([]);
        const result = await notificationResolver(values)({ ...values }, undefined, {
          fields: {},
          shouldUseNativeValidation: false,
        });
        expect(result.errors).toEqual({});
      }),
      { numRuns: 200 },
    );
  });
});
