// /test-inbox (issue 39): the test sends this service kept because no SMTP_URL is set, newest
// first; the mail chosen (`?mail=`) is shown as its recipient gets it.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { isApiError } from '../../../api/client';
import { testInboxQueryOptions } from '../../../api/test-inbox';
import { PageHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/format';
import { InboxMailView } from './inbox-mail-view';
import { SpamScore } from './spam-score';

function chosenMail(search: Record<string, unknown>): number | undefined {
  const value = Number(search.mail);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

function kilobytes(size: number | null): string {
  return size === null ? '' : `${(size / 1024).toFixed(1)} kB`;
}

export function TestInboxPage() {
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const inbox = useQuery(testInboxQueryOptions());
  const mails = inbox.data?.data ?? [];
  const chosen = chosenMail(search) ?? mails[0]?.id;
  const choose = (id: number | undefined) =>
    void navigate({ to: '/test-inbox', search: id === undefined ? {} : { mail: String(id) } });

  const description = inbox.data?.smtp_configured
    ? 'Test sends go out through the mail server set in SMTP_URL, so nothing new arrives here.'
    : 'No mail server (SMTP_URL) is set, so test sends arrive here: the last 100 of this site.';

  return (
    <div>
      <PageHeader title="Test inbox" description={description} />
      {inbox.isPending ? (
        <SkeletonRows count={4} label="Loading the test inbox" />
      ) : inbox.isError && isApiError(inbox.error) && inbox.error.status === 404 ? (
        <EmptyState
          title="This server has no test inbox"
          description="Its test sends go out by mail."
        />
      ) : inbox.isError ? (
        <ErrorState
          error={inbox.error}
          title="Could not load the test inbox"
          onRetry={() => void inbox.refetch()}
        />
      ) : mails.length === 0 ? (
        <EmptyState
          title="No test sends yet"
          description="Open a notification and press “Send test to me”: the mail appears here."
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(16rem,22rem)_1fr]">
          <ul aria-label="Test sends" className="flex flex-col gap-1">
            {mails.map((mail) => (
              <li key={mail.id}>
                <button
                  type="button"
                  aria-current={mail.id === chosen ? 'true' : undefined}
                  onClick={() => choose(mail.id)}
                  className={cn(
                    'hover:bg-subtle flex w-full flex-col gap-1 rounded-md border border-transparent px-3 py-2 text-left',
                    mail.id === chosen && 'border-border bg-subtle',
                  )}
                >
                  <span className="text-fg truncate text-sm font-medium">
                    {mail.subject || '(no subject)'}
                  </span>
                  <span className="text-muted truncate text-xs">
                    To {mail.to} · {kilobytes(mail.size)} ·{' '}
                    {mail.received_at ? formatRelativeTime(mail.received_at) : ''}
                  </span>
                  <span className="self-start">
                    <SpamScore verdict={mail.spam} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {chosen !== undefined && (
            <InboxMailView key={chosen} id={chosen} onDeleted={() => choose(undefined)} />
          )}
        </div>
      )}
    </div>
  );
}
