import { DataTable } from '../../components/data-table';
import { tdClasses } from '../../components/ui/table';
import { Badge } from '../../components/ui/badge';
import type { CheckedCookie } from './consent-check-model';
import { isRegexCookieName } from './consent-cookies';

const COOKIE_COLUMNS = [{ header: 'Name or pattern' }, { header: 'Path' }, { header: 'Domain' }];

/** Name or pattern, path and domain; rows carry the cookie's anchor when `anchors` is set. */
export function CookieTable({
  cookies,
  caption,
  anchorOf,
}: {
  cookies: readonly CheckedCookie[];
  caption: string;
  anchorOf?: (cookie: CheckedCookie) => string;
}) {
  return (
    <DataTable className="shadow-none" caption={caption} columns={COOKIE_COLUMNS}>
      {cookies.map((cookie) => (
        <tr
          key={cookie.id}
          id={anchorOf?.(cookie)}
          tabIndex={anchorOf ? -1 : undefined}
          className="scroll-mt-20"
        >
          <td className={`${tdClasses} font-mono text-xs`}>
            <span className="break-all">{cookie.name}</span>
            {isRegexCookieName(cookie.name) && (
              <Badge className="ml-2 font-sans" tone="accent">
                pattern
              </Badge>
            )}
          </td>
          <td className={`${tdClasses} font-mono text-xs`}>
            {cookie.path || <span className="text-muted font-sans italic">not set</span>}
          </td>
          <td className={`${tdClasses} font-mono text-xs`}>
            {cookie.domain || <span className="text-muted font-sans italic">this host</span>}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
