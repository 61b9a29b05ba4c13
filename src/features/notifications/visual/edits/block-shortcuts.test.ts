import { describe, expect, it } from 'vitest';
import { blockCommandOf } from './block-shortcuts';

function press(shortcut: string) {
  const parts = shortcut.split('+');
  const key = parts.at(-1) ?? '';
  return {
    key,
    code: /^[A-Z]$/.test(key) ? `Key${key}` : key,
    altKey: parts.includes('Alt'),
    shiftKey: parts.includes('Shift'),
    ctrlKey: parts.includes('Control'),
    metaKey: parts.includes('Meta'),
  };
}

describe('block shortcuts', () => {
  it.each([
    ['Escape', 'clear'],
    ['Alt+ArrowUp', 'parent'],
    ['Alt+ArrowDown', 'child'],
    ['Alt+Shift+ArrowUp', 'move-up'],
    ['Alt+Shift+ArrowDown', 'move-down'],
    ['Alt+Shift+D', 'duplicate'],
    ['Alt+Shift+Delete', 'delete'],
    ['Alt+Shift+Backspace', 'delete'],
  ])('%s → %s', (shortcut, command) => {
    expect(blockCommandOf(press(shortcut))).toBe(command);
  });

  it.each(['ArrowUp', 'Shift+ArrowUp', 'Control+Alt+ArrowUp', 'Alt+D', 'Shift+Escape', 'Delete'])(
    'leaves %s to the text',
    (shortcut) => {
      expect(blockCommandOf(press(shortcut))).toBeNull();
    },
  );
});
