import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { languageName } from '../../../lib/language-name';
import { checkLabel, groupBySeverity, type Finding, type Severity } from './findings';

export const SEVERITY_TONES: Record<Severity, BadgeTone> = {
  error: 'danger',
  warning: 'warning',
  info: 'neutral',
};
const GROUP_TITLES: Record<Severity, string> = {
  error: 'Errors',
  warning: 'Warnings',
  info: 'Information',
};
const FIELD_NAMES: Record<string, string> = { subject: 'Subject', text: 'Text', html: 'HTML' };

/** "nl · HTML line 12": where a finding is, as its button says it. */
export function placeOf(finding: Finding, names: string): string {
  const parts: string[] = [];
  if (finding.locale) parts.push(languageName(finding.locale, names));
  if (finding.field) {
    const field = FIELD_NAMES[finding.field] ?? finding.field;
    parts.push(finding.line === null ? field : `${field} line ${String(finding.line)}`);
  }
  return parts.join(' · ');
}

interface FindingListProps {
  findings: readonly Finding[];
  names: string;
  /** Absent: the findings are not links (the Test inbox, where there is no editor). */
  onReveal?: (finding: Finding) => void;
}

/** The findings by severity; each moves the editor to its place when clicked. */
export function FindingList({ findings, names, onReveal }: FindingListProps) {
  return (
    <div className="flex flex-col gap-3">
      {groupBySeverity(findings).map((group) => (
        <section key={group.severity} aria-label={GROUP_TITLES[group.severity]}>
          <h4 className="text-muted mb-1 text-xs font-semibold tracking-wide uppercase">
            {GROUP_TITLES[group.severity]} ({group.findings.length})
          </h4>
          <ul className="flex flex-col gap-1">
            {group.findings.map((finding, index) => {
              const body = (
                <>
                  <span className="flex flex-wrap items-center gap-1.5">
                    <Badge tone={SEVERITY_TONES[finding.severity]}>
                      {checkLabel(finding.check)}
                    </Badge>
                    <span className="text-muted text-xs">{placeOf(finding, names)}</span>
                  </span>
                  <span className="text-fg text-sm break-words">{finding.message}</span>
                  {finding.clients.length > 0 && (
                    <span className="text-muted text-xs">{finding.clients.join(', ')}</span>
                  )}
                </>
              );
              const key = `${finding.check}-${finding.locale ?? ''}-${finding.field ?? ''}-${String(finding.line)}-${String(index)}`;
              return (
                <li key={key}>
                  {onReveal && finding.field !== null ? (
                    <button
                      type="button"
                      onClick={() => onReveal(finding)}
                      className="hover:bg-subtle focus-visible:ring-accent flex w-full flex-col items-start gap-1 rounded-md px-2 py-1.5 text-left focus-visible:ring-2 focus-visible:outline-none"
                    >
                      {body}
                    </button>
                  ) : (
                    <div className="flex flex-col items-start gap-1 px-2 py-1.5">{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
