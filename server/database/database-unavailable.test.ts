import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it('knows a server that went away, refuses connections or has none to give', () => {
    for (const error of [
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('sorry, too many clients already', '53300'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
  });

  it('leaves every other failure alone (a 500 is logged for those)', () => {
    for (const error of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "x"', '42601'),
      withCode('canceling statement due to statement timeout', '57014'),
      new Error('boom'),
      'Connection terminated',
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
