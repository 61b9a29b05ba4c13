// Issue 29: a form the member's role cannot save is shown read-only (inputs disabled, no Save),
// with one line saying why, so a viewer never fills a form that will fail. Each editor gets it
// with `const readOnly = useReadOnlyReason('app')` and `<ReadOnlyFields reason={readOnly}>`.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { connectedSite } from '../../api/client';
import {
  ROLE_FOR_WRITE,
  roleAllows,
  roleSchema,
  type WritableResource,
} from '../../../contract/schemas/role';
import { sitesQueryOptions } from '../../api/sites';
import { cn } from '../../lib/cn';

/**
 * Why the current member cannot save `resource`, or null when they can. A server without
 * `GET /sites`, or a role this dashboard does not know, counts as able to edit (the server
 * still decides).
 */
export function useReadOnlyReason(resource: WritableResource): string | null {
  const sites = useQuery(sitesQueryOptions());
  const siteId = connectedSite();
  const site = sites.data?.find((entry) => entry.id === siteId);
  const role = roleSchema.safeParse(site?.role);
  if (!site || !role.success) return null;
  const needed = ROLE_FOR_WRITE[resource];
  if (roleAllows(role.data, needed)) return null;
  const article = role.data === 'admin' || role.data === 'editor' ? 'an' : 'a';
  return `You are ${article} ${role.data} on ${site.name}: ask an admin for the ${needed} role to change this.`;
}

/**
 * The fields of a form, disabled with the reason above them when `reason` is set. A disabled
 * fieldset disables every control inside; `group/readonly` hides the card's Save footer.
 */
export function ReadOnlyFields({
  reason,
  inCard = true,
  children,
}: {
  reason: string | null;
  /** Inside a card the reason is inset like the card's fields; on a page it lines up with the page. */
  inCard?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset disabled={reason !== null} className="group/readonly min-w-0">
      {reason && (
        <p
          role="note"
          className={cn(
            'border-border bg-subtle text-fg rounded-md border px-3 py-2 text-sm',
            inCard ? 'mx-4 mt-4 sm:mx-5' : 'mb-3',
          )}
        >
          {reason}
        </p>
      )}
      {children}
    </fieldset>
  );
}
