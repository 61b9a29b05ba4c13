import {
  TableContainer,
  tableClasses,
  tbodyClasses,
  tdClasses,
  thClasses,
  theadClasses,
} from '../../components/ui/table';
import { Badge } from '../../components/ui/badge';
import { isRegexCookieName, type CheckedCookie } from './consent-checks';

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
    <TableContainer className="shadow-none">
      <table className={tableClasses}>
        <caption className="sr-only">{caption}</caption>
        <thead className={theadClasses}>
          <tr>
            <th scope="col" className={thClasses}>
              Name or pattern
            </th>
            <th scope="col" className={thClasses}>
              Path
            </th>
            <th scope="col" className={thClasses}>
              Domain
            </th>
          </tr>
        </thead>
        <tbody className={tbodyClasses}>
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
        </tbody>
      </table>
    </TableContainer>
  );
}
