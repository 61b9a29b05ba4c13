import { describe, expect, it } from 'vitest';
import type { AppLogEntry, LogLevel } from '../../../contract/schemas/app-log';
import { isErrorLevel } from './log-format';
import { nextLine } from './log-navigation';

const levels: LogLevel[] = ['info', 'error', 'info', 'warn', 'fatal', 'info'];
const entries: AppLogEntry[] = levels.map((level, index) => ({
  id: String(index),
  level,
  data: 'x',
  context: null,
  created_at: '2026-11-21T05:00:00.000Z',
  time: index,
}));
const isError = (entry: AppLogEntry) => isErrorLevel(entry.level);

describe('nextLine', () => {
  it('moves one line, clamped, starting at the newest', () => {
    expect(nextLine(entries, null, 1)?.id).toBe('5');
    expect(nextLine(entries, '2', -1)?.id).toBe('1');
    expect(nextLine(entries, '5', 1)?.id).toBe('5');
    expect(nextLine([], null, 1)).toBeUndefined();
  });

  it('jumps to the next and previous error', () => {
    expect(nextLine(entries, '1', 1, isError)?.id).toBe('4');
    expect(nextLine(entries, '4', -1, isError)?.id).toBe('1');
    expect(nextLine(entries, '4', 1, isError)).toBeUndefined();
    expect(nextLine(entries, null, -1, isError)?.id).toBe('4');
    expect(nextLine(entries, null, 1, isError)?.id).toBe('1');
  });
});
