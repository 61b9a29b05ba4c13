import { describe, expect, it } from 'vitest';
import { LOG_LEVELS, logLevelNamed, logLevelRank, normalizeLogLevel } from './app-log';

describe('log levels', () => {
  it('rank in the order of LOG_LEVELS, from debug up to unknown', () => {
    expect(LOG_LEVELS.map(logLevelRank)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('are named in any case, with warning for warn, and nothing else', () => {
    expect(logLevelNamed('ERROR')).toBe('error');
    expect(logLevelNamed('Warning')).toBe('warn');
    expect(logLevelNamed('warn')).toBe('warn');
    expect(logLevelNamed('critical')).toBeNull();
    expect(logLevelNamed('')).toBeNull();
  });

  it('normalize anything unrecognised to unknown', () => {
    expect(normalizeLogLevel('WARNING')).toBe('warn');
    expect(normalizeLogLevel('critical')).toBe('unknown');
    expect(normalizeLogLevel(3)).toBe('unknown');
  });
});
