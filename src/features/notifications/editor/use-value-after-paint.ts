import { startTransition, useEffect, useState } from 'react';

/**
 * `value`, but while `enabled` only once the browser has painted the frame after its change
 * (at transition priority): what the keystroke changed on screen is painted before the work
 * that follows the value. Off, the value passes straight through.
 */
export function useValueAfterPaint<T>(value: T, enabled: boolean): T {
  const [painted, setPainted] = useState({ value });
  const [wasEnabled, setWasEnabled] = useState(enabled);
  if (enabled !== wasEnabled) {
    // Turned on: start from the current value, not one from before it was turned off.
    setWasEnabled(enabled);
    setPainted({ value });
  }
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        startTransition(() => setPainted({ value }));
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value, enabled]);
  return enabled ? painted.value : value;
}
