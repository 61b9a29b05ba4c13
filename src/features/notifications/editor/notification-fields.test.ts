import { describe, expect, it } from 'vitest';
import {
  notificationResolver,
  changedFields,
  updateOf,
  WRITABLE_FIELDS,
  notificationFormValues,
} from './notification-fields';

const saved = {
  name: 'Order confirmation',
  description: '',
  subject: 'Order {{ order.number }}',
  text: 'Thanks',
  html: '<p>Thanks</p>',
  html_enabled: true,
  layout: null,
  translations: {},
};
const edited = { ...saved, subject: 'Your order {{ order.number }}', text: '{% if x %}' };

describe('notification fields', () => {
  it('lists the changed fields in form order', () => {
    expect(changedFields(saved, edited)).toEqual(['subject', 'text']);
    expect(changedFields(saved, { ...saved })).toEqual([]);
  });

  it('sends only the changed fields, whitespace included', () => {
    expect(updateOf(saved, edited)).toEqual({
      subject: 'Your order {{ order.number }}',
      text: '{% if x %}',
    });
    expect(updateOf(saved, { ...saved, html_enabled: false, name: 'Order confirmation ' })).toEqual(
      { name: 'Order confirmation ', html_enabled: false },
    );
    expect(updateOf(saved, saved)).toEqual({});
  });

  it('takes exactly the writable fields from a notification', () => {
    const notification = {
      ...saved,
      id: 'n1',
      url: 'https://example.test/api/notifications/order-confirmation',
      slug: 'order-confirmation',
      created_at: '2026-11-20T00:00:00.000Z',
      updated_at: '2026-11-20T00:00:00.000Z',
      extra: 'kept by the tolerant schema, never sent back',
    };
    expect(notificationFormValues(notification)).toEqual(saved);
    expect([...WRITABLE_FIELDS, 'translations']).toEqual(Object.keys(saved));
  });

  it('sends the default fields and the changed translations together', () => {
    const nl = { subject: 'Bestelling', text: 'Bedankt', html: '' };
    const withNl = { ...saved, translations: { nl } };
    expect(
      updateOf(withNl, {
        ...withNl,
        subject: 'Your order',
        translations: { nl: { ...nl, html: '<p>Dank</p>' } },
      }),
    ).toEqual({ subject: 'Your order', translations: { nl: { html: '<p>Dank</p>' } } });
  });

  it('checks a changed translation and puts its error on translations.<locale>.<field>', async () => {
    const withNl = { ...saved, translations: { nl: { subject: 'B', text: '', html: '' } } };
    const resolver = notificationResolver(withNl);
    const result = await resolver(
      { ...withNl, translations: { nl: { subject: '', text: '', html: '' } } },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(result.errors).toEqual({
      translations: { nl: { subject: { type: 'too_small', message: 'Subject is required' } } },
    });
    const fine = await resolver(withNl, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(fine.errors).toEqual({});
  });
});
