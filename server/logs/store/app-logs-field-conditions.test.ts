import { describe, expect, it } from 'vitest';
import type { LogFieldCondition } from '../../../contract/schemas/log-field-condition';
import type { Db } from '../../database/schema';
import { queryLogs } from './app-logs-read';
import { matchesLogFilter } from './app-logs-page';
import { countLogVolume } from './app-logs-volume';
import { insertLogs } from './app-logs-write';
import { conditionValues } from './app-logs-field-conditions';
import { createLogApp, entriesOf, useLogStoreDatabase } from './log-store-database.test-helper';

let db: Db;
useLogStoreDatabase((opened) => (db = opened.db));

/** Values of `data.v` (some without the key), and data that is a string. */
const DATAS: Array<string | Record<string, unknown>> = [
  { v: 500 },
  { v: 500.5 },
  { v: -0 },
  { v: 0 },
  { v: 1e21 },
  { v: '500' },
  { v: '500.0' },
  { v: 'true' },
  { v: true },
  { v: false },
  { v: null },
  { v: 'null' },
  { v: '' },
  { v: 'a:b "quoted" é' },
  { v: { nested: 500 } },
  { v: [500] },
  { other: 500 },
  {},
  { 'v.w': 1, v: 'x' },
  { 'a"b': 'q' },
  'v:500',
];

/** Condition texts for key `v` (and two odd keys), each kept and excluded. */
const CONDITIONS: Array<Pick<LogFieldCondition, 'key' | 'value'>> = [
  ...[
    '500',
    '500.5',
    '500.0',
    '0',
    '-0',
    '1e+21',
    '1000000000000000000000',
    'true',
    'false',
    'null',
    '',
    'a:b "quoted" é',
    '{"nested":500}',
    '[500]',
    'x',
    ' 500',
  ].map((value) => ({ key: 'v', value })),
  { key: 'a"b', value: 'q' },
  { key: 'v.w', value: '1' },
  { key: 'missing', value: 'null' },
];

describe('field conditions', () => {
  it('the SQL and the in-memory matcher of tails keep exactly the same entries', async () => {
    const appId = await createLogApp(db);
    const stored = await insertLogs(
      db,
      appId,
      DATAS.map((data) => ({ level: 'info', data })),
    );
    const rows = stored.commit.rows;
    const sinceUs = rows[0]?.timeUs ?? 0;
    const beforeUs = (rows.at(-1)?.timeUs ?? 0) + 1;
    for (const base of CONDITIONS) {
      for (const exclude of [false, true]) {
        const filter = { sinceUs, limit: 200, fields: [{ ...base, exclude }] };
        const inMemory = rows
          .filter((row) => matchesLogFilter(row, filter))
          .map((row) => (JSON.parse(row.json) as { id: string }).id);
        const fromSql = entriesOf(await queryLogs(db, appId, filter)).map((entry) => entry.id);
        expect(fromSql, `${base.key}:${base.value} exclude=${String(exclude)}`).toEqual(inMemory);
        const volume = await countLogVolume(db, appId, {
          sinceUs,
          beforeUs,
          buckets: 1,
          fields: filter.fields,
        });
        expect(volume.buckets[0]?.counts.info).toBe(inMemory.length);
      }
    }
  });

  it('reads the values the way the facets write them', async () => {
    const appId = await createLogApp(db);
    const stored = await insertLogs(
      db,
      appId,
      DATAS.map((data) => ({ level: 'info', data })),
    );
    const sinceUs = stored.commit.rows[0]?.timeUs ?? 0;
    const count = async (value: string, exclude = false) =>
      entriesOf(
        await queryLogs(db, appId, { sinceUs, limit: 200, fields: [{ key: 'v', value, exclude }] }),
      ).length;
    expect(await count('500')).toBe(2); // the number and the string
    expect(await count('0')).toBe(2); // 0 and -0, which JSON writes as 0
    expect(await count('-0')).toBe(0);
    expect(await count('1e+21')).toBe(1);
    expect(await count('true')).toBe(2); // true and 'true'
    expect(await count('null')).toBe(2); // null and 'null'; a missing key is no value
    expect(await count('{"nested":500}')).toBe(0);
    expect(await count('500', true)).toBe(DATAS.length - 2);
  });

  it('turns a text into the JSON values it is the text of', () => {
    expect(conditionValues('500')).toEqual({ text: '500', number: 500 });
    expect(conditionValues('500.0')).toEqual({ text: '500.0' });
    expect(conditionValues('null')).toEqual({ text: 'null', literal: 'null' });
    expect(conditionValues('')).toEqual({ text: '' });
  });
});
