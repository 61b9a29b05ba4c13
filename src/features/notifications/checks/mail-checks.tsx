// The checks of a mail in the Test inbox (issue 39): what it was received as (subject, text and
// HTML after rendering) sent as the draft of its notification, in its language, so the
// findings' lines are lines of the mail's own source. The spam score is the one taken at
// delivery (the Spam tab), so SpamAssassin is not asked again.
import { useQuery } from '@tanstack/react-query';
import { checkDraft, checksKeys } from '../../../api/notification-checks';
import { keySite } from '../../../api/key-site';
import type { ChecksRequest } from '../../../../contract/schemas/notification-checks';
import type { InboxMessage } from '../../../../contract/wire/test-inbox';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { displayLocale } from '../../../lib/language-name';
import { FindingList } from './finding-list';

function receivedAsDraft(mail: InboxMessage): ChecksRequest {
  const fields = { subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html ?? '' };
  return {
    ...fields,
    html_enabled: mail.html !== null && mail.html !== '',
    // The mail's language: its fields stand for that translation as well as for the default.
    ...(mail.locale ? { translations: { [mail.locale]: fields } } : {}),
    spam: false,
  };
}

export function MailChecks({ mail }: { mail: InboxMessage }) {
  const slug = mail.notification;
  const draft = receivedAsDraft(mail);
  const checks = useQuery({
    queryKey: checksKeys.draft(keySite(), slug ?? '', draft, mail.locale),
    queryFn: ({ signal }) =>
      slug ? checkDraft(slug, draft, { locale: mail.locale, signal }) : Promise.resolve(null),
    staleTime: Infinity,
    retry: false,
  });
  if (!slug) return <p className="text-muted text-sm">This mail names no notification to check.</p>;
  if (checks.isPending) return <SkeletonRows count={3} label="Checking the mail" />;
  if (checks.isError) {
    return (
      <ErrorState
        error={checks.error}
        title="Could not check the mail"
        onRetry={() => void checks.refetch()}
      />
    );
  }
  if (!checks.data) {
    return <p className="text-muted text-sm">This server does not check notifications.</p>;
  }
  // Without a language the service checks every saved one; the mail is the default's.
  const locale = mail.locale ?? checks.data.locales[0] ?? null;
  const findings = checks.data.findings.filter(
    (finding) => finding.locale === null || finding.locale === locale,
  );
  return (
    <div className="flex flex-col gap-2">
      <p className="text-muted text-xs">
        The checks of this mail as it was received; a line is a line of its source. The spam score
        is on the Spam tab.
      </p>
      {findings.length === 0 ? (
        <p className="text-success text-sm">No findings: every check passes.</p>
      ) : (
        <FindingList findings={findings} names={displayLocale()} />
      )}
    </div>
  );
}
