import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/**
 * On a phone the filters would take half the screen: they wait behind a "Filters (n)" button
 * in a dialog. Changes apply as they are made, as in the wide bar; the dialog only hides them.
 */
export function LogFiltersSheet({
  active,
  onClear,
  children,
}: {
  active: number;
  onClear: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex items-center gap-2">
      <Button size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Filters ({active})
      </Button>
      {active > 0 && (
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear
        </Button>
      )}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Filters"
        footer={<Button onClick={() => setOpen(false)}>Done</Button>}
      >
        {children}
      </Dialog>
    </div>
  );
}
