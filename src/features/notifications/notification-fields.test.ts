import { describe, expect, it } from 'vitest';
import {
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
});
