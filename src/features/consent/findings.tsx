// Check findings: the inline list shown next to what they concern, and the summary at the top
// whose items jump to that place.
import type { MouseEvent } from 'react';
import { Badge } from '../../components/ui/badge';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { jumpScrollBehavior } from '../../lib/scroll-behavior';
import {
  checkTitle,
  countBySeverity,
  summarizeFindings,
  targetAnchorId,
  type Finding,
} from './consent-checks';

/** Where the per-language lines of the summary lead: the Languages grid. */
export const LANGUAGES_ANCHOR = 'consent-languages-heading';

function SeverityIcon({ severity }: { severity: Finding['severity'] }) {
  return severity === 'error' ? (
    <svg
      className="text-danger mt-0.5 size-4 shrink-0"
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
    >
      <path
        fillRule="evenodd"
        d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </svg>
  ) : (
    <svg
      className="text-warning mt-0.5 size-4 shrink-0"
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
    >
      <path
        fillRule="evenodd"
        d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

const severityWord = { error: 'Error', warning: 'Warning' } as const;

/** The findings about one item, each with its one-line why. */
export function FindingList({
  findings,
  className,
}: {
  findings: readonly Finding[];
  className?: string;
}) {
  if (findings.length === 0) return null;
  return (
    <ul className={cn('flex flex-col gap-2', className)} aria-label="Check results">
      {findings.map((finding) => (
        <li
          key={finding.id}
          className={cn(
            'flex gap-2 rounded-md border px-3 py-2 text-sm',
            finding.severity === 'error'
              ? 'border-danger/30 bg-danger-soft'
              : 'border-warning/30 bg-warning-soft',
          )}
        >
          <SeverityIcon severity={finding.severity} />
          <div className="min-w-0">
            <p className="text-fg">
              <span className="sr-only">{severityWord[finding.severity]}: </span>
              {finding.message}
            </p>
            <p className="text-muted mt-0.5">{finding.why}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Moves to the finding's item without a router navigation, and puts focus there. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const element = document.getElementById(id);
  if (!element) return;
  event.preventDefault();
  element.scrollIntoView({ block: 'center', behavior: jumpScrollBehavior() });
  element.focus({ preventScroll: true });
}

export function ChecksSummary({ findings }: { findings: readonly Finding[] }) {
  const counts = countBySeverity(findings);
  const summary = summarizeFindings(findings);
  const headingId = 'consent-checks-heading';
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Checks"
        description="Computed from the configuration as it is now, including unsaved privacy policy edits."
        actions={
          <div className="flex gap-2" aria-live="polite">
            <Badge tone={counts.error > 0 ? 'danger' : 'neutral'}>
              {counts.error} {counts.error === 1 ? 'error' : 'errors'}
            </Badge>
            <Badge tone={counts.warning > 0 ? 'warning' : 'neutral'}>
              {counts.warning} {counts.warning === 1 ? 'warning' : 'warnings'}
            </Badge>
          </div>
        }
      />
      <CardBody>
        {findings.length === 0 ? (
          <p className="text-success text-sm font-medium">Every check passes.</p>
        ) : (
          <ol className="flex flex-col gap-1.5 text-sm">
            {summary.missingTexts.map(({ language, count }) => (
              <li key={`missing-${language}`} className="flex gap-2">
                <SeverityIcon severity="warning" />
                <a
                  href={`#${LANGUAGES_ANCHOR}`}
                  onClick={(event) => jumpTo(event, LANGUAGES_ANCHOR)}
                  className="text-accent hover:underline"
                >
                  <span className="sr-only">{severityWord.warning}: </span>
                  {language}: {count} {count === 1 ? 'text' : 'texts'} missing → Languages
                </a>
                <span className="text-muted hidden shrink-0 sm:inline">{checkTitle(7)}</span>
              </li>
            ))}
            {summary.findings.map((finding) => {
              const anchor = targetAnchorId(finding.target);
              return (
                <li key={finding.id} className="flex gap-2">
                  <SeverityIcon severity={finding.severity} />
                  <a
                    href={`#${anchor}`}
                    onClick={(event) => jumpTo(event, anchor)}
                    // The accent token is too dark on the dark surface for body text (4.15:1); its hover shade passes.
                    className="text-accent hover:underline"
                  >
                    <span className="sr-only">{severityWord[finding.severity]}: </span>
                    {finding.message}
                  </a>
                  <span className="text-muted hidden shrink-0 sm:inline">
                    {checkTitle(finding.check)}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}
