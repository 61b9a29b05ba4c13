import type { SpamVerdictWire } from '../../../../contract/wire/test-inbox';
import { Badge } from '../../../components/ui/badge';

/** SpamAssassin's score as a badge; "not available" when no spamd answered at delivery. */
export function SpamScore({ verdict }: { verdict: SpamVerdictWire | null }) {
  if (!verdict) return <Badge>Spam score not available</Badge>;
  const tone = verdict.is_spam
    ? 'danger'
    : verdict.score >= verdict.threshold / 2
      ? 'warning'
      : 'success';
  return (
    <Badge tone={tone}>
      Spam score {verdict.score.toFixed(1)} / {verdict.threshold.toFixed(1)}
    </Badge>
  );
}

/** The rules that matched, highest score first. */
export function SpamRules({ verdict }: { verdict: SpamVerdictWire | null }) {
  if (!verdict) {
    return (
      <p className="text-muted text-sm">
        No SpamAssassin (spamd) was reachable when this mail arrived, so it has no score. Install
        Debian&rsquo;s spamassassin package and run spamd on 127.0.0.1:783, or set SPAMD_ADDRESS.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">
        {verdict.is_spam
          ? 'SpamAssassin would call this spam: '
          : 'SpamAssassin would deliver it: '}
        {verdict.score.toFixed(1)} points, spam from {verdict.threshold.toFixed(1)}.
      </p>
      <table className="text-sm">
        <thead>
          <tr className="text-muted text-left">
            <th className="py-1 pr-3 font-medium">Points</th>
            <th className="py-1 pr-3 font-medium">Rule</th>
            <th className="py-1 font-medium">What it means</th>
          </tr>
        </thead>
        <tbody>
          {verdict.rules.map((rule) => (
            <tr key={rule.name} className="border-border border-t align-top">
              <td className="py-1 pr-3 tabular-nums">{rule.score.toFixed(1)}</td>
              <td className="py-1 pr-3 font-mono text-xs break-all">{rule.name}</td>
              <td className="py-1">{rule.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
