// The account menu's first lines (issue 29): who is signed in and their role on this site.
// Rendered (and `GET /me` asked) only when the menu opens; a server without these routes shows
// neither line.
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { MenuItem } from '../../components/ui/menu';
import { meQueryOptions } from '../../api/me';
import { sitesQueryOptions } from '../../api/sites';
import { useRequiredConnection } from '../connection-store';

function row(term: string, value: string | null | undefined) {
  return (
    value && (
      <div className="flex justify-between gap-3 py-0.5">
        <dt className="text-muted">{term}</dt>
        <dd className="truncate font-medium">{value}</dd>
      </div>
    )
  );
}

export function AccountDetails() {
  const { site } = useRequiredConnection();
  const email = useQuery(meQueryOptions()).data?.email;
  const role = useQuery(sitesQueryOptions()).data?.find((entry) => entry.id === site)?.role;
  return (
    <>
      {row('Signed in', email)}
      {row('Role', role)}
    </>
  );
}

/** "Personal access tokens", on a server of this project only: one that answers `GET /me`. */
export function TokensMenuItem() {
  const navigate = useNavigate();
  const me = useQuery(meQueryOptions());
  if (!me.data) return null;
  return (
    <MenuItem onSelect={() => void navigate({ to: '/account/tokens' })}>
      Personal access tokens
    </MenuItem>
  );
}
