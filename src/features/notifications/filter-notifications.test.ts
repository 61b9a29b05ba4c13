import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../contract/wire/notification';
import { filterNotifications } from './filter-notifications';

function n(slug: string, name: string, subject = '', description = ''): Notification {
  return {
    id: slug,
    url: `/notifications/${slug}`,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    slug,
    name,
    subject,
    description,
    html_enabled: true,
    layout: null,
    text: '',
    html: '',
  };
}

const list = [
  n('order-confirmation', 'Order confirmation', 'Order {{ order.number }}'),
  n('password-reset', 'Password reset', 'Reset your password', 'Sent on request'),
  n('welcome', 'Welcome', 'Welcome to {{ shop.name }}'),
];

describe('filterNotifications', () => {
  it('matches name, slug, subject and description, all words, any case', () => {
    expect(filterNotifications(list, 'ORDER').map((x) => x.slug)).toEqual(['order-confirmation']);
    expect(filterNotifications(list, 'request').map((x) => x.slug)).toEqual(['password-reset']);
    expect(filterNotifications(list, 'shop.name welcome').map((x) => x.slug)).toEqual(['welcome']);
    expect(filterNotifications(list, 'order reset')).toEqual([]);
  });

  it('keeps everything for an empty filter', () => {
    expect(filterNotifications(list, '  ')).toHaveLength(3);
    expect(filterNotifications(list, undefined)).toHaveLength(3);
  });
});
