import { describe, expect, it } from 'vitest';
import type { CheckedCookie } from './consent-check-model';
import { groupCookies } from './group-cookies';

const cookie = (id: string, application: string): CheckedCookie => ({
  id,
  name: id,
  path: '/',
  domain: '',
  application,
});

describe('groupCookies', () => {
  it('groups in application order, leaves out empty groups and puts unknown applications last', () => {
    const groups = groupCookies(
      [cookie('a', 'stats'), cookie('b', 'gone'), cookie('c', 'session'), cookie('d', 'stats')],
      [{ name: 'session' }, { name: 'maps' }, { name: 'stats' }, { name: 'session' }],
    );
    expect(
      groups.map((group) => [group.application, group.exists, group.cookies.map((c) => c.id)]),
    ).toEqual([
      ['session', true, ['c']],
      ['stats', true, ['a', 'd']],
      ['gone', false, ['b']],
    ]);
  });
});
