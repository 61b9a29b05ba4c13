// Ctrl+S / Cmd+S saves instead of the browser's "save page":
//   useSaveShortcut(() => void handleSubmit(onSave)(), { enabled: isDirty && !isPending });
// Works while focus is anywhere on the page, including inside inputs and code editors.
import { useEffect, useRef } from 'react';

export function useSaveShortcut(save: () => void, options: { enabled?: boolean } = {}): void {
  const enabled = options.enabled ?? true;
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey)) return;
      if (event.shiftKey || event.altKey) return;
      // Always keep the browser's dialog away while the page offers saving, even when disabled.
      event.preventDefault();
      if (enabled && !event.repeat) saveRef.current();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
