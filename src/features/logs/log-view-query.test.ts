import { describe, expect, it } from 'vitest';
import { searchOfViewQuery, searchShowsView, viewQueryOfSearch } from './log-view-query';

describe('saved view queries', () => {
  it('saves only the filters that are set, with a relative range as it is', () => {
    expect(
      viewQueryOfSearch({ q: ' timeout ', level: 'error', job: '', range: '1h', utc: true }),
    ).toEqual({
      q: 'timeout',
      level: 'error',
      range: '1h',
    });
    expect(viewQueryOfSearch({})).toEqual({ range: 'live' });
  });

  it('keeps a custom range as ISO bounds, from epoch seconds or ISO text', () => {
    expect(viewQueryOfSearch({ since: 1_764_151_200, before: '2026-11-26T11:00:00Z' })).toEqual({
      range: 'custom',
      since: '2025-11-26T10:00:00.000Z',
      before: '2026-11-26T11:00:00.000Z',
    });
  });

  it('applies a view by clearing what it does not set, and then shows it', () => {
    const query = { q: 'timeout', range: '24h' } as const;
    const patch = searchOfViewQuery(query);
    expect(patch).toEqual({
      q: 'timeout',
      level: undefined,
      job: undefined,
      job_match: undefined,
      range: '24h',
      since: undefined,
      before: undefined,
      where: undefined,
      where_not: undefined,
    });
    const search = { level: 'warn' as const, job: 'sync', ...patch, relative: true };
    expect(searchShowsView(search, query)).toBe(true);
    expect(searchShowsView({ ...search, level: 'error' }, query)).toBe(false);
    expect(searchShowsView({ ...search, range: '1h' }, query)).toBe(false);
    expect(searchOfViewQuery({ range: 'live' }).range).toBeUndefined();
  });

  it('keeps the job match mode: saved from the URL, applied back, and told apart', () => {
    const query = viewQueryOfSearch({ job: 'sync', job_match: 'prefix' });
    expect(query).toEqual({ job: 'sync', job_match: 'prefix', range: 'live' });
    expect(searchOfViewQuery(query).job_match).toBe('prefix');
    expect(searchShowsView({ job: 'sync', job_match: 'prefix' }, query)).toBe(true);
    expect(searchShowsView({ job: 'sync' }, query)).toBe(false);
    expect(searchShowsView({ job: 'sync', job_match: 'contains' }, query)).toBe(false);
    // `exact` is the URL without a mode.
    const exact = { job: 'sync', job_match: 'exact', range: 'live' } as const;
    expect(searchOfViewQuery(exact).job_match).toBeUndefined();
    expect(searchShowsView({ job: 'sync' }, exact)).toBe(true);
    // A mode without a job is not saved.
    expect(viewQueryOfSearch({ job_match: 'contains' })).toEqual({ range: 'live' });
  });

  it('carries the field conditions (decision 055) and tells views apart by them', () => {
    const search = { where: ['status:500'], where_not: ['path:/health'] };
    const query = viewQueryOfSearch(search);
    expect(query).toEqual({ range: 'live', where: ['status:500'], where_not: ['path:/health'] });
    expect(searchOfViewQuery(query)).toMatchObject(search);
    expect(searchShowsView(search, query)).toBe(true);
    expect(searchShowsView({ where: ['status:500'] }, query)).toBe(false);
    expect(searchShowsView({}, { range: 'live' })).toBe(true);
  });
});
