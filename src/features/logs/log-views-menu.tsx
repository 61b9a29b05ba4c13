// "Views" in the logs toolbar (issue 30): the user's saved views for this app, applying one sets
// the URL; "Save view…", and for the active view "Update", "Rename…" and "Delete" (undoable from
// the toast). The button names the view the URL shows ("changed" once the filters moved).
import { useState } from 'react';
import { isApiError } from '../../api/client';
import type { LogViewWire } from '../../api/log-views';
import { Button } from '../../components/ui/button';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../../components/ui/menu';
import { toast } from '../../components/ui/toast';
import { LogViewNameDialog } from './log-view-name-dialog';
import { searchOfViewQuery } from './log-view-query';
import type { LogsSearch } from './search-params';
import { useLogViews } from './use-log-views';

export interface LogViewsMenuProps {
  appKey: string;
  search: LogsSearch;
  onApply: (patch: Partial<LogsSearch>) => void;
}

function ViewsIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
      <path d="M5 2.75A2.75 2.75 0 0 0 2.25 5.5v11.19a.75.75 0 0 0 1.2.6L8 13.94l4.55 3.35a.75.75 0 0 0 1.2-.6V5.5A2.75 2.75 0 0 0 11 2.75H5Z" />
    </svg>
  );
}

function failed(what: string, error: unknown) {
  toast.error(`Could not ${what}`, { description: isApiError(error) ? error.message : undefined });
}

export function LogViewsMenu({ appKey, search, onApply }: LogViewsMenuProps) {
  const views = useLogViews(appKey, search);
  const [dialog, setDialog] = useState<'save' | 'rename' | null>(null);
  // Another server without saved views: no menu at all.
  if (views.views === null) return null;
  const { active, changed } = views;

  const apply = (view: LogViewWire) => {
    views.setActiveId(view.id);
    onApply(searchOfViewQuery(view.query));
  };

  const remove = (view: LogViewWire) => {
    views.remove(view).then(
      () =>
        toast.success(`Deleted view “${view.name}”`, {
          action: {
            label: 'Undo',
            onClick: () =>
              void views.restore(view).catch((error: unknown) => failed('restore the view', error)),
          },
        }),
      (error: unknown) => failed('delete the view', error),
    );
  };

  const label = active ? `${active.name}${changed ? ' (changed)' : ''}` : 'Views';
  return (
    <>
      <Menu
        label="Saved views"
        align="start"
        trigger={(props) => (
          <Button
            {...props}
            size="sm"
            icon={<ViewsIcon />}
            title={active ? `View: ${label}` : 'Saved views'}
            aria-label={active ? `Saved views, showing ${label}` : 'Saved views'}
          >
            <span className="max-w-40 truncate">{label}</span>
          </Button>
        )}
      >
        {views.isError && <MenuLabel>Views could not be loaded</MenuLabel>}
        {views.views === undefined && !views.isError && <MenuLabel>Loading views…</MenuLabel>}
        {views.views?.length === 0 && <MenuLabel>No saved views yet</MenuLabel>}
        {views.views?.map((view) => (
          <MenuItem
            key={view.id}
            checked={view.id === active?.id && !changed}
            onSelect={() => apply(view)}
          >
            {view.name}
          </MenuItem>
        ))}
        <MenuSeparator />
        <MenuItem onSelect={() => setDialog('save')}>Save view…</MenuItem>
        {active && (
          <>
            <MenuItem
              disabled={!changed}
              description={changed ? 'Save the current filters into it' : undefined}
              onSelect={() =>
                void views.update(active).then(
                  () => toast.success(`Updated view “${active.name}”`),
                  (error: unknown) => failed('update the view', error),
                )
              }
            >
              Update “{active.name}”
            </MenuItem>
            <MenuItem onSelect={() => setDialog('rename')}>Rename “{active.name}”…</MenuItem>
            <MenuItem tone="danger" onSelect={() => remove(active)}>
              Delete “{active.name}”
            </MenuItem>
          </>
        )}
      </Menu>
      {dialog === 'save' && (
        <LogViewNameDialog
          title="Save view"
          submitLabel="Save view"
          initialName=""
          onSubmit={views.save}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'rename' && active && (
        <LogViewNameDialog
          title="Rename view"
          submitLabel="Rename"
          initialName={active.name}
          onSubmit={(name) => views.rename(active, name)}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
