// The account menu's first lines (issue 29): who is signed in and their role on this site.
// Rendered (and `GET /me` asked) only when the menu opens; a server without these routes shows
// neither line.
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { MenuInfo, MenuItem } from '../../components/ui/menu';
import { meQueryOptions } from '../../api/me';
import { sitesQueryOptions } from '../../api/sites';
import { useRequiredConnection } from '../../session/connection-store';

export function AccountDetails() {
  const { site } = useRequiredConnection();
  const email = useQuery(meQueryOptions()).data?.email;
  const role = useQuery(sitesQueryOptions()).data?.find((entry) => entry.id === site)?.role;
  return (
    <>
      {email && <MenuInfo term="Signed in">{email}</MenuInfo>}
      {role && <MenuInfo term="Role">{role}</MenuInfo>}
    </>
  );
}

/**
 * "Personal access tokens", on a server of this project only: one that answers `GET /me`. Shown
 * while that is still asked, so the menu's items do not shift under the focus it gives the first
 * one (which would then be "Sign out").
 */
export function TokensMenuItem() {
  const navigate = useNavigate();
  const me = useQuery(meQueryOptions());
  if (me.isError) return null;
  return (
    <MenuItem onSelect={() => void navigate({ to: '/account/tokens' })}>
      Personal access tokens
    </MenuItem>
  );
}
