import type { ConsentApplication } from '../../../contract/wire/consent';
import { Badge } from '../../components/ui/badge';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import type { CheckedCookie } from './consent-check-model';
import { findingsFor, targetAnchorId, type Finding } from './consent-checks';
import { CookieTable } from './cookie-table';
import { FindingList } from './findings';
import { LocalizedValue } from './localized-value';

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    // The accent badge's text is too dark on its dark-theme background; the hover shade passes.
    <Badge tone={on ? 'accent' : 'neutral'}>
      <span aria-hidden="true">{on ? '✓' : '–'}</span>
      {label}
      <span className="sr-only">{on ? ': yes' : ': no'}</span>
    </Badge>
  );
}

function Term({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-muted text-sm">{label}</dt>
      <dd className="text-fg min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

function ApplicationItem({
  app,
  anchor,
  findings,
  cookieFindings,
  cookies,
  language,
}: {
  app: ConsentApplication;
  anchor: string | undefined;
  findings: readonly Finding[];
  /** Check 6 findings about this application's cookies (also shown under All cookies). */
  cookieFindings: readonly Finding[];
  cookies: readonly CheckedCookie[];
  language: string;
}) {
  return (
    <li
      id={anchor}
      tabIndex={-1}
      className="border-border flex scroll-mt-20 flex-col gap-3 rounded-lg border p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-fg text-base font-semibold">
            <LocalizedValue text={app.title} language={language} empty={app.name} />
          </h3>
          <p className="text-muted font-mono text-xs">{app.name}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Flag on={app.required} label="Required" />
          <Flag on={app.default} label="On by default" />
          <Flag on={app.opt_out} label="Opt-out" />
        </div>
      </div>
      <dl className="flex flex-col gap-2">
        <Term label="Description">
          <LocalizedValue text={app.description} language={language} empty="No description" />
        </Term>
        <Term label="Purposes">
          {app.purposes.length === 0 ? (
            <span className="text-muted italic">None</span>
          ) : (
            <span className="flex flex-wrap gap-1">
              {app.purposes.map((purpose) => (
                <Badge key={purpose}>{purpose}</Badge>
              ))}
            </span>
          )}
        </Term>
        <Term label="Placeholder message">
          <LocalizedValue text={app.placeholder_message} language={language} empty="No message" />
        </Term>
        <Term label="Placeholder action">
          <LocalizedValue text={app.placeholder_action} language={language} empty="No action" />
        </Term>
      </dl>
      <FindingList findings={findings} />
      <div>
        <h4 className="text-fg mb-2 text-sm font-medium">Cookies ({cookies.length})</h4>
        {cookies.length === 0 ? (
          <p className="text-muted text-sm">This application lists no cookies.</p>
        ) : (
          <div className="flex flex-col gap-2">
            <CookieTable cookies={cookies} caption={`Cookies of ${app.name}`} />
            <FindingList findings={cookieFindings} />
          </div>
        )}
      </div>
    </li>
  );
}

export function ApplicationsSection({
  applications,
  cookies,
  findings,
  language,
}: {
  applications: readonly ConsentApplication[];
  cookies: readonly CheckedCookie[];
  findings: readonly Finding[];
  language: string;
}) {
  return (
    <Card aria-labelledby="consent-applications-heading">
      <CardHeader
        id="consent-applications-heading"
        title="Applications"
        description="The services visitors allow or refuse, as the service lists them."
      />
      <CardBody>
        {applications.length === 0 ? (
          <EmptyState
            title="No applications"
            description="This site lists no consent applications."
          />
        ) : (
          <ul className="flex flex-col gap-4">
            {applications.map((app, index) => {
              const target = { kind: 'application' as const, name: app.name };
              // Findings of a duplicated name are shown once, on its first application.
              const first = applications.findIndex((other) => other.name === app.name) === index;
              const appCookies = cookies.filter((cookie) => cookie.application === app.name);
              return (
                <ApplicationItem
                  key={`${app.name}-${index}`}
                  app={app}
                  anchor={first ? targetAnchorId(target) : undefined}
                  findings={first ? findingsFor(findings, target) : []}
                  cookieFindings={appCookies.flatMap((cookie) =>
                    findingsFor(findings, { kind: 'cookie', name: cookie.id }),
                  )}
                  cookies={appCookies}
                  language={language}
                />
              );
            })}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
