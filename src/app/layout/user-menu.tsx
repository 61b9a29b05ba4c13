import { Menu, MenuInfo, MenuItem, MenuLabel, MenuSeparator } from '../../components/ui/menu';
import { useRequiredConnection } from '../../session/connection-store';
import { useSession } from '../../session/session';
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
      className="w-72"
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
      <div className="pb-1.5">
        <AccountDetails />
        <MenuInfo term="Site">{connection.site}</MenuInfo>
        <MenuInfo term="API">
          <span className="font-mono text-xs leading-5" title={connection.baseUrl}>
            {host}
          </span>
        </MenuInfo>
      </div>
      <MenuSeparator />
      <TokensMenuItem />
      <MenuItem tone="danger" onSelect={() => void signOut()}>
        Sign out
      </MenuItem>
    </Menu>
  );
}
