import { useQuery } from '@tanstack/react-query';
import { sitesQueryOptions } from '../../api/sites';
import { Menu, MenuItem, MenuLabel } from '../../components/ui/menu';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useRequiredConnection } from '../../session/connection-store';
import { useSession } from '../../session/session';
import { ChevronUpDownIcon } from './icons';

/** Lists `GET /sites`; on a server without that route it shows the current site only. */
export function SiteSwitcher({ className }: { className?: string }) {
  const connection = useRequiredConnection();
  const { switchSite } = useSession();
  const sites = useQuery(sitesQueryOptions());
  const current = sites.data?.find((site) => site.id === connection.site);

  return (
    <Menu
      label="Sites"
      align="start"
      trigger={(props) => (
        <button
          type="button"
          {...props}
          aria-label={`Site: ${current?.name ?? connection.site}. Switch site`}
          className={cn(
            'border-border bg-surface hover:bg-subtle flex h-9 max-w-full min-w-0 items-center gap-2 rounded-md border px-2.5 text-sm shadow-sm',
            className,
          )}
        >
          <span
            className="bg-accent-soft text-accent flex size-5 shrink-0 items-center justify-center rounded text-[11px] font-semibold uppercase"
            aria-hidden="true"
          >
            {(current?.name ?? connection.site).slice(0, 1)}
          </span>
          <span className="min-w-0 truncate font-medium">{current?.name ?? connection.site}</span>
          <ChevronUpDownIcon className="text-muted size-4 shrink-0" />
        </button>
      )}
    >
      <MenuLabel>Switch site</MenuLabel>
      {sites.isPending && (
        <div className="text-muted flex items-center gap-2 px-2.5 py-2 text-sm" role="status">
          <Spinner /> Loading sites
        </div>
      )}
      {sites.isError && (
        <div className="text-danger px-2.5 py-2 text-sm" role="alert">
          Could not load your sites.{' '}
          <button type="button" className="underline" onClick={() => void sites.refetch()}>
            Retry
          </button>
        </div>
      )}
      {(
        sites.data ?? (sites.isSuccess ? [{ id: connection.site, name: connection.site }] : [])
      ).map((site) => (
        <MenuItem
          key={site.id}
          checked={site.id === connection.site}
          description={site.name !== site.id ? site.id : undefined}
          onSelect={() => void switchSite(site.id, site.name)}
        >
          {site.name}
        </MenuItem>
      ))}
    </Menu>
  );
}
