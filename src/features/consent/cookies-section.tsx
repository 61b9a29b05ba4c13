import type { ConsentApplication } from '../../../contract/wire/consent';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import type { CheckedCookie } from './consent-check-model';
import { findingsFor, targetAnchorId, type Finding } from './consent-checks';
import { CookieTable } from './cookie-table';
import { groupCookies } from './group-cookies';
import { FindingList } from './findings';

export function CookiesSection({
  cookies,
  applications,
  findings,
}: {
  cookies: readonly CheckedCookie[];
  applications: readonly ConsentApplication[];
  findings: readonly Finding[];
}) {
  const groups = groupCookies(cookies, applications);
  return (
    <Card aria-labelledby="consent-cookies-heading">
      <CardHeader
        id="consent-cookies-heading"
        title="All cookies"
        description="Grouped by application. A name starting with ^ is a regular expression."
      />
      <CardBody className="flex flex-col gap-5">
        {groups.length === 0 ? (
          <EmptyState title="No cookies" description="No application lists a cookie." />
        ) : (
          groups.map((group) => {
            const cookieFindings = group.cookies.flatMap((cookie) =>
              findingsFor(findings, { kind: 'cookie', name: cookie.id }),
            );
            return (
              <section
                key={group.application}
                aria-label={`Cookies of ${group.application}`}
                className="flex flex-col gap-2"
              >
                <h3 className="text-fg text-sm font-semibold">
                  <span className="font-mono">{group.application}</span>
                  {!group.exists && (
                    <span className="text-danger ml-2 font-normal">(no such application)</span>
                  )}
                  <span className="text-muted ml-2 font-normal">
                    {group.cookies.length} {group.cookies.length === 1 ? 'cookie' : 'cookies'}
                  </span>
                </h3>
                <CookieTable
                  cookies={group.cookies}
                  caption={`Cookies of ${group.application}`}
                  anchorOf={(cookie) => targetAnchorId({ kind: 'cookie', name: cookie.id })}
                />
                <FindingList findings={cookieFindings} />
              </section>
            );
          })
        )}
      </CardBody>
    </Card>
  );
}
