import { Dialog } from '../../components/ui/dialog';
import { LOG_SHORTCUTS } from './log-shortcuts';

/** Every shortcut of the viewer, opened with `?`. */
export function KeyboardHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Keyboard shortcuts"
      description="They work while the focus is not in a text field."
      size="sm"
    >
      <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-2">
        {LOG_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.keys.join(' ')} className="contents">
            <dt className="flex gap-1">
              {shortcut.keys.map((key) => (
                <kbd
                  key={key}
                  className="border-border bg-subtle min-w-6 rounded border px-1.5 py-0.5 text-center font-mono text-xs"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-muted">{shortcut.description}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
