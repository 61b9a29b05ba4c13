import { describe, expect, it } from 'vitest';
import { entryLinkSearch, viewLinkSearch } from './log-links';

const NOW = 1_795_000_000;

describe('viewLinkSearch', () => {
  it('pins a preset to the absolute range it shows now', () => {
    expect(viewLinkSearch({ range: '15m', job: 'sync', job_match: 'prefix' }, NOW, null)).toEqual({
      job: 'sync',
      job_match: 'prefix',
      range: 'custom',
      since: NOW - 15 * 60,
      before: NOW,
    });
  });

  it('keeps a custom range, stays live without one and carries the selected entry', () => {
    expect(viewLinkSearch({ range: 'custom', since: 5, before: 9 }, NOW, null)).toMatchObject({
      range: 'custom',
      since: 5,
      before: 9,
    });
    const live = viewLinkSearch({ level: 'error' }, NOW, { id: '7', time: 12.5 });
    expect(live).toMatchObject({ level: 'error', entry: '7', at: 12.5 });
    expect(live.range).toBeUndefined();
  });
});

describe('entryLinkSearch', () => {
  it('keeps the filters and names the entry and its time', () => {
    expect(entryLinkSearch({ q: 'x', range: '1h' }, { id: '3', time: 4 })).toMatchObject({
      q: 'x',
      entry: '3',
      at: 4,
    });
  });
});

describe('field conditions in links', () => {
  it('a link to the view or to an entry keeps where and where_not (decision 055)', () => {
    const search = { where: ['status:500'], where_not: ['path:/health'] };
    expect(viewLinkSearch(search, NOW, null)).toMatchObject(search);
    expect(entryLinkSearch(search, { id: '3', time: 4 })).toMatchObject(search);
  });
});
