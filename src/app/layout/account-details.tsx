// The account menu's first lines (issue 29): who is signed in and their role on this site.
// Loaded when the menu opens, so the shell's budget does not carry it.
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../api/me';
import { sitesQueryOptions } from '../../api/sites';
import { useRequiredConnection } from '../connection-store';

export function AccountDetails() {
  const connection = useRequiredConnection();
  const me = useQuery(meQueryOptions());
  const sites = useQuery(sitesQueryOptions());
  const role = sites.data?.find((site) => site.id === connection.site)?.role;
  if (!me.data?.email && !role) return null;
  return (
    <>
      {me.data?.email && (
        <div className="flex justify-between gap-3 py-0.5">
          <dt className="text-muted">Signed in as</dt>
          <dd className="truncate font-medium" title={me.data.email}>
            {me.data.email}
          </dd>
        </div>
      )}
      {role && (
        <div className="flex justify-between gap-3 py-0.5">
          <dt className="text-muted">Role</dt>
          <dd className="font-medium">{role}</dd>
        </div>
      )}
    </>
  );
}
