/**
 * The saved views of the logs page (issue 30): the list from the service, which one the page
 * shows, and the writes. The view "shown" is the one whose query equals the URL; after a view was
 * applied or saved and the filters then changed, it stays the active one, marked changed, so
 * "Update" can save the new filters into it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  createLogView,
  deleteLogView,
  logViewKeys,
  logViewsQueryOptions,
  updateLogView,
  type LogViewWire,
} from '../../api/log-views';
import { keySite } from '../../api/key-site';
import { searchShowsView, viewQueryOfSearch } from './log-view-query';
import type { LogsSearch } from './search-params';

export interface LogViewsState {
  views: LogViewWire[] | null | undefined;
  isError: boolean;
  /** The view the page shows or last applied; undefined when none. */
  active: LogViewWire | undefined;
  /** Whether the URL differs from the active view's query. */
  changed: boolean;
  setActiveId: (id: number | undefined) => void;
  save: (name: string) => Promise<void>;
  rename: (view: LogViewWire, name: string) => Promise<void>;
  update: (view: LogViewWire) => Promise<void>;
  remove: (view: LogViewWire) => Promise<void>;
  /** Saves a deleted view again (the Undo of a delete). */
  restore: (view: LogViewWire) => Promise<void>;
}

export function useLogViews(appKey: string, search: LogsSearch): LogViewsState {
  const queryClient = useQueryClient();
  const query = useQuery(logViewsQueryOptions(appKey));
  const [activeId, setActiveId] = useState<number | undefined>();
  const views = query.data;
  const shown = views?.find((view) => searchShowsView(search, view.query));
  const chosen = views?.find((view) => view.id === activeId);
  const active = shown ?? chosen;
  const changed = active !== undefined && !searchShowsView(search, active.query);

  const invalidate = () => queryClient.invalidateQueries({ queryKey: logViewKeys.all(keySite()) });
  const write = useMutation({
    mutationFn: (run: () => Promise<number | undefined>) => run(),
    onSettled: invalidate,
  });

  return {
    views,
    isError: query.isError,
    active,
    changed,
    setActiveId,
    save: async (name) => {
      const id = await write.mutateAsync(() =>
        createLogView({ name, app_id: null, query: viewQueryOfSearch(search) }),
      );
      setActiveId(id);
    },
    rename: async (view, name) => {
      await write.mutateAsync(async () => {
        await updateLogView(view.id, { name, app_id: view.appId, query: view.query });
        return view.id;
      });
    },
    update: async (view) => {
      await write.mutateAsync(async () => {
        await updateLogView(view.id, {
          name: view.name,
          app_id: view.appId,
          query: viewQueryOfSearch(search),
        });
        return view.id;
      });
    },
    remove: async (view) => {
      await write.mutateAsync(async () => {
        await deleteLogView(view.id);
        return undefined;
      });
      if (activeId === view.id) setActiveId(undefined);
    },
    restore: async (view) => {
      await write.mutateAsync(() =>
        createLogView({ name: view.name, app_id: view.appId, query: view.query }),
      );
    },
  };
}
