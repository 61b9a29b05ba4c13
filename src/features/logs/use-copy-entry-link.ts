import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { AppLogEntry } from '../../../contract/schemas/app-log';
import { toast } from '../../components/ui/toast';
import { entryLinkSearch, viewLinkSearch } from './log-links';
import type { LogsSearch } from './search-params';

/**
 * The one way to copy a log link (decision 052): the router builds the address from the route
 * and its search (so whatever the router adds, like the site, is in it), the clipboard gets the
 * absolute URL and the toast's live region says so.
 */
function useCopyLogLink(appKey: string) {
  const router = useRouter();
  return useCallback(
    async (search: LogsSearch, copied: string) => {
      const location = router.buildLocation({
        to: '/apps/$key/logs',
        params: { key: appKey },
        search,
      });
      // The public address: it names the site, so the link opens on the right one (decision 051).
      const url = new URL(location.publicHref, window.location.origin).toString();
      try {
        await navigator.clipboard.writeText(url);
        toast.success(copied);
      } catch {
        toast.error('Could not copy the link', { description: url });
      }
    },
    [router, appKey],
  );
}

/**
 * Copies a link that opens the viewer at one entry (`entry` + its exact `time` as `at`), with
 * the current level, job and search, so the entry shows among its neighbours.
 */
export function useCopyEntryLink(appKey: string, search: LogsSearch) {
  const copy = useCopyLogLink(appKey);
  return useCallback(
    (entry: AppLogEntry) => copy(entryLinkSearch(search, entry), 'Copied a link to this entry'),
    [copy, search],
  );
}

/** Copies a link to the current view: its filters, its range pinned, the selected entry. */
export function useCopyViewLink(appKey: string, search: LogsSearch) {
  const copy = useCopyLogLink(appKey);
  return useCallback(
    (selected: AppLogEntry | null) =>
      copy(viewLinkSearch(search, Date.now() / 1000, selected), 'Link copied'),
    [copy, search],
  );
}
