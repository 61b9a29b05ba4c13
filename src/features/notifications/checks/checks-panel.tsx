// The Checks panel of the notification editor (issue 39), loaded on demand beside the preview:
// the draft's checks in every language (unsaved changes included), counted by severity,
// filtered by language and client, each finding a link to its place; the languages × checks
// matrix. A server without checks answers 404: the panel is absent.
import { useEffect, useMemo, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { ErrorState } from '../../../components/ui/error-state';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { displayLocale, languageName } from '../../../lib/language-name';
import type { NotificationFormValues } from '../translations/translation-fields';
import { ChecksMatrix } from './checks-matrix';
import { FindingList, SEVERITY_TONES } from './finding-list';
import {
  clientsOf,
  countBySeverity,
  filterFindings,
  SEVERITY_ORDER,
  warningLine,
  type Finding,
} from './findings';
import { useDraftChecks } from './use-draft-checks';
import { useRevealFinding, type RevealTargets } from './use-reveal-finding';

export interface ChecksPanelProps {
  slug: string;
  values: NotificationFormValues;
  sampleName: string;
  sampleData: Record<string, unknown>;
  /** The editor's fields a finding moves to (the panel stays mounted across languages). */
  reveal: RevealTargets;
  /** The line before a save or a test send: null when the checks found nothing to warn of. */
  onSummary: (line: string | null) => void;
}

const SEVERITY_NAMES = { error: 'errors', warning: 'warnings', info: 'notes' } as const;

export default function ChecksPanel(props: ChecksPanelProps) {
  const { slug, values, sampleName, sampleData, reveal, onSummary } = props;
  const onReveal = useRevealFinding(reveal);
  const sample = useMemo(() => ({ name: sampleName, data: sampleData }), [sampleName, sampleData]);
  const checks = useDraftChecks(slug, values, sample);
  const [locale, setLocale] = useState<string | null>(null);
  const [client, setClient] = useState<string | null>(null);
  const [matrixOpen, setMatrixOpen] = useState(false);
  const names = displayLocale();

  const result = checks.data;
  const all = useMemo<Finding[]>(() => result?.findings ?? [], [result]);
  const line = useMemo(() => warningLine(countBySeverity(all)), [all]);
  useEffect(() => onSummary(line), [line, onSummary]);
  useEffect(() => () => onSummary(null), [onSummary]);

  if (checks.isPending) {
    return (
      <section aria-label="Checks" className="text-muted flex items-center gap-2 text-sm">
        <Spinner /> Checking the template…
      </section>
    );
  }
  if (checks.isError) {
    return (
      <section aria-label="Checks">
        <ErrorState
          error={checks.error}
          title="Could not run the checks"
          onRetry={() => void checks.refetch()}
        />
      </section>
    );
  }
  if (!result) return null;

  const clients = clientsOf(all);
  const shownClient = client !== null && clients.includes(client) ? client : null;
  const shownLocale = locale !== null && result.locales.includes(locale) ? locale : null;
  const shown = filterFindings(all, { locale: shownLocale, client: shownClient });
  const counts = countBySeverity(shown);

  return (
    <section aria-labelledby="checks-heading" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="checks-heading" className="text-fg text-base font-semibold">
          Checks
        </h2>
        <div className="flex flex-wrap items-center gap-1.5" role="status" aria-live="polite">
          {checks.isFetching && <Spinner />}
          {SEVERITY_ORDER.map((severity) => (
            <Badge
              key={severity}
              tone={counts[severity] > 0 ? SEVERITY_TONES[severity] : 'neutral'}
            >
              {counts[severity]} {SEVERITY_NAMES[severity]}
            </Badge>
          ))}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <label className="flex items-center gap-1.5 text-xs">
          <span className="text-muted">Language</span>
          <Select
            value={shownLocale ?? ''}
            onChange={(event) => setLocale(event.target.value || null)}
            className="h-8 text-xs"
          >
            <option value="">All languages</option>
            {result.locales.map((code) => (
              <option key={code} value={code}>
                {languageName(code, names)}
              </option>
            ))}
          </Select>
        </label>
        {clients.length > 0 && (
          <label className="flex items-center gap-1.5 text-xs">
            <span className="text-muted">Client</span>
            <Select
              value={shownClient ?? ''}
              onChange={(event) => setClient(event.target.value || null)}
              className="h-8 text-xs"
            >
              <option value="">All clients</option>
              {clients.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          </label>
        )}
      </div>
      {shown.length === 0 ? (
        <p className="text-success text-sm">No findings: every check passes.</p>
      ) : (
        <FindingList findings={shown} names={names} onReveal={onReveal} />
      )}
      <div>
        <button
          type="button"
          aria-expanded={matrixOpen}
          onClick={() => setMatrixOpen(!matrixOpen)}
          className="text-accent text-xs font-medium hover:underline"
        >
          {matrixOpen ? 'Hide' : 'Show'} languages × checks
        </button>
        {matrixOpen && (
          <div className="mt-2">
            <ChecksMatrix
              locales={result.locales}
              checks={result.checks}
              findings={filterFindings(all, { locale: null, client: shownClient })}
              names={names}
            />
          </div>
        )}
      </div>
    </section>
  );
}
