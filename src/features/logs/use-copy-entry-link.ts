import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { AppLogEntry } from '../../api/schemas/app-log';
import { toast } from '../../components/ui/toast';
import type { LogsSearch } from './search-params';

/**
 * Copies a link that opens the viewer at one entry (`entry` + its exact `time` as `at`), with
 * the current level, job and search, so the entry shows among its neighbours.
 */
export function useCopyEntryLink(appKey: string, search: LogsSearch) {
  const router = useRouter();
  const { level, job, q, utc } = search;
  return useCallback(
    async (entry: AppLogEntry) => {
      const location = router.buildLocation({
        to: '/apps/$key/logs',
        params: { key: appKey },
        search: { level, job, q, utc, entry: entry.id, at: entry.time },
      });
      // The public address: it names the site, so the link opens the entry on the right one.
      const url = new URL(location.publicHref, window.location.origin).toString();
      try {
        await navigator.clipboard.writeText(url);
        toast.success('Copied a link to this entry');
      } catch {
        toast.error('Could not copy the link', { description: url });
      }
    },
    [router, appKey, level, job, q, utc],
  );
}
