import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { isApiError } from '../../../api/client';
import type { NotificationWritableFields } from '../../../../contract/schemas/notification';
import { sendTest, testSendSettingsQueryOptions } from '../../../api/test-send';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { FIELD_LABELS } from '../editor/notification-fields';

export interface SendTestProps {
  slug: string;
  /** The translation shown (issue 28), sent as `locale`; null: the default, sent without one. */
  locale: string | null;
  /** The template as edited: the test shows unsaved changes too. */
  values: NotificationWritableFields;
  /** The saved layout: the edited one is sent when either is set (a server without layouts has none). */
  savedLayout: string | null;
  sampleName: string;
  sampleData: Record<string, unknown>;
  /** What the checks found (issue 39), said before a send; warnings never block it. */
  checksNote?: string | null;
}

function isField(field: string): field is keyof typeof FIELD_LABELS {
  return Object.hasOwn(FIELD_LABELS, field);
}

/** What went wrong, in one sentence per problem, each naming its field. */
function problemsOf(error: unknown): string[] {
  if (!isApiError(error)) return ['The test could not be sent.'];
  const fields = error.fieldErrors.map(({ field, message }) =>
    field && isField(field) ? `${FIELD_LABELS[field]}: ${message}` : message,
  );
  return [error.message, ...fields];
}

/**
 * "Send test to me": the template as edited, rendered with the selected sample, mailed to the
 * signed-in admin through the service's SMTP server, or without one into its Test inbox.
 */
export function SendTest({
  slug,
  locale,
  values,
  savedLayout,
  sampleName,
  sampleData,
  checksNote = null,
}: SendTestProps) {
  const noteId = useId();
  const settings = useQuery(testSendSettingsQueryOptions());
  const send = useMutation({
    mutationFn: () =>
      sendTest(slug, {
        subject: values.subject,
        text: values.text,
        html: values.html,
        html_enabled: values.html_enabled,
        ...((values.layout !== null || savedLayout !== null) && { layout: values.layout }),
        data: sampleData,
        ...(locale !== null && { locale }),
      }),
    onSuccess: (result) =>
      toast.success(
        result.inbox_id === undefined ? `Test sent to ${result.to}` : 'Test sent to the Test inbox',
      ),
  });

  const ready = settings.data?.configured === true;
  const toInbox = settings.data?.destination === 'inbox';
  const note = settings.isError
    ? 'This server does not offer test sends.'
    : settings.data && !settings.data.configured
      ? `Test sends are off. ${settings.data.how_to_configure}`
      : settings.data && toInbox
        ? `To this service’s Test inbox (no SMTP_URL is set), rendered with the sample “${sampleName}”, unsaved changes included.`
        : settings.data
          ? `To ${settings.data.to}, rendered with the sample “${sampleName}”, unsaved changes included.`
          : 'Checking whether the server can send mail…';

  return (
    <div className="flex flex-col gap-1.5">
      {checksNote && <p className="text-warning text-xs">{checksNote}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          onClick={() => send.mutate()}
          disabled={!ready}
          loading={send.isPending}
          aria-describedby={noteId}
        >
          Send test to me
        </Button>
        {/* Its own line on a phone (a 14rem basis wraps) rather than a column a word wide. */}
        <p id={noteId} className="text-muted min-w-0 flex-[1_1_14rem] text-xs break-words">
          {note}
        </p>
        {toInbox && (
          <Link
            to="/test-inbox"
            search={send.data?.inbox_id === undefined ? {} : { mail: String(send.data.inbox_id) }}
            // A tab of its own: the editor's unsaved work stays where it is.
            target="_blank"
            rel="noopener"
            className="text-accent text-xs font-medium hover:underline"
          >
            Open the Test inbox
          </Link>
        )}
      </div>
      {send.isError && (
        <div
          role="alert"
          className="border-danger/40 bg-danger-soft text-danger rounded-md border px-2.5 py-1.5 text-xs"
        >
          {problemsOf(send.error).map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
    </div>
  );
}
