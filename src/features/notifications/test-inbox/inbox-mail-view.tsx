import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  deleteTestInboxMail,
  testInboxKeys,
  testInboxMailQueryOptions,
} from '../../../api/test-inbox';
import { keySite } from '../../../api/key-site';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast';
import { formatDateTime } from '../../../lib/format';
import { PreviewFrame } from '../editor/preview-frame';
import { SpamRules, SpamScore } from './spam-score';
import { MailChecks } from '../checks/mail-checks';

type Tab = 'html' | 'text' | 'headers' | 'raw' | 'spam' | 'checks';

const pre =
  'bg-subtle max-h-[720px] overflow-auto rounded-md p-3 font-mono text-xs whitespace-pre-wrap break-words';

/** One mail as its recipient gets it: HTML in a sandboxed frame, text, headers, source, spam. */
export function InboxMailView({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const mail = useQuery(testInboxMailQueryOptions(id));
  const [tab, setTab] = useState<Tab>('html');
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteTestInboxMail(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: testInboxKeys.list(keySite()) });
      onDeleted();
    },
    onError: () => toast.error('Could not delete the mail'),
  });

  if (mail.isPending) return <SkeletonRows count={3} label="Loading the mail" />;
  if (mail.isError) {
    return (
      <ErrorState
        error={mail.error}
        title="Could not load the mail"
        onRetry={() => void mail.refetch()}
      />
    );
  }
  const data = mail.data;
  return (
    <article aria-label={`Mail: ${data.subject ?? ''}`} className="flex min-w-0 flex-col gap-3">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-fg text-lg font-semibold break-words">
            {data.subject || '(no subject)'}
          </h2>
          <p className="text-muted text-sm break-all">
            From {data.from} to {data.to}
            {data.received_at && `, ${formatDateTime(data.received_at)}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <SpamScore verdict={data.spam} />
          <Button
            variant="secondary"
            size="sm"
            loading={remove.isPending}
            onClick={() => remove.mutate()}
          >
            Delete
          </Button>
        </div>
      </header>
      <Tabs
        label="Mail"
        selected={tab}
        onSelect={setTab}
        tabs={[
          {
            id: 'html',
            label: 'HTML',
            panel: data.html ? (
              <PreviewFrame html={data.html} width={600} fit title="Mail as HTML" />
            ) : (
              <p className="text-muted text-sm">A text-only mail: it has no HTML part.</p>
            ),
          },
          { id: 'text', label: 'Text', panel: <pre className={pre}>{data.text}</pre> },
          {
            id: 'headers',
            label: 'Headers',
            panel: (
              <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
                {data.headers.map((header, index) => (
                  <div key={`${header.name}-${String(index)}`} className="contents">
                    <dt className="text-muted font-medium">{header.name}</dt>
                    <dd className="min-w-0 font-mono text-xs break-all">{header.value}</dd>
                  </div>
                ))}
              </dl>
            ),
          },
          { id: 'raw', label: 'Source', panel: <pre className={pre}>{data.raw}</pre> },
          { id: 'spam', label: 'Spam', panel: <SpamRules verdict={data.spam} /> },
          { id: 'checks', label: 'Checks', panel: <MailChecks mail={data} /> },
        ]}
      />
    </article>
  );
}
