import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../../components/ui/menu';
import { useRequiredConnection } from '../connection-store';
import { useSession } from '../session';
import { AccountDetails, TokensMenuItem } from './account-details';

export function UserMenu() {
  const connection = useRequiredConnection();
  const { signOut } = useSession();
  let host = connection.baseUrl;
  try {
    host = new URL(connection.baseUrl).host;
  } catch {
    // Keep the raw value when it is not a URL.
  }
  return (
    <Menu
      label="Account"
      trigger={(props) => (
        <button
          type="button"
          {...props}
          aria-label="Account and connection"
          className="bg-accent text-accent-fg flex size-8 items-center justify-center rounded-full text-sm font-semibold"
        >
          {/* A token names no person the dashboard could show: a figure, not the site's letter. */}
          <svg aria-hidden="true" className="size-5" viewBox="0 0 20 20" fill="currentColor">
            <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0 1 1 0 0 1-1 1H4a1 1 0 0 1-1-1Z" />
          </svg>
        </button>
      )}
    >
      <MenuLabel>Connected</MenuLabel>
      <dl className="px-2.5 pb-2 text-sm">
        <AccountDetails />
        <div className="flex justify-between gap-3 py-0.5">
          <dt className="text-muted">Site</dt>
          <dd className="truncate font-medium">{connection.site}</dd>
        </div>
        <div className="flex justify-between gap-3 py-0.5">
          <dt className="text-muted">API</dt>
          <dd className="truncate font-mono text-xs leading-5" title={connection.baseUrl}>
            {host}
          </dd>
        </div>
      </dl>
      <MenuSeparator />
      <TokensMenuItem />
      <MenuItem tone="danger" onSelect={() => void signOut()}>
        Sign out
      </MenuItem>
    </Menu>
  );
}
