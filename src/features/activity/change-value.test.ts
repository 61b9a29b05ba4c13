import { describe, expect, it } from 'vitest';
import type { RevisionChange } from '../../../contract/wire/audit';
import { changeView, shownValue } from './change-value';

const change = (
  before: RevisionChange['before'],
  after: RevisionChange['after'],
): RevisionChange => ({
  field: 'f',
  before,
  after,
  before_size: null,
  after_size: null,
});

describe('changeView', () => {
  it('shows short values as before → after, naming none and empty', () => {
    expect(changeView(change('Welcome', 'Hello'))).toEqual({
      kind: 'short',
      before: 'Welcome',
      after: 'Hello',
    });
    expect(changeView(change(null, ''))).toEqual({
      kind: 'short',
      before: '(none)',
      after: '(empty)',
    });
    expect(changeView(change(['en'], ['en', 'nl']))).toMatchObject({ after: '["en","nl"]' });
  });

  it('shows text with lines, or long text, as a line diff', () => {
    expect(changeView(change('<p>a</p>\n<p>b</p>', '<p>a</p>'))).toEqual({
      kind: 'text',
      before: '<p>a</p>\n<p>b</p>',
      after: '<p>a</p>',
    });
    expect(changeView(change('x'.repeat(81), null))).toMatchObject({
      kind: 'text',
      after: '(none)',
    });
  });

  it('writes values as one line', () => {
    expect(shownValue(true)).toBe('true');
    expect(shownValue({ en: '/privacy' })).toBe('{"en":"/privacy"}');
  });
});
