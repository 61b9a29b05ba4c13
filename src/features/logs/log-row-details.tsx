import type { AppLogEntry } from '../../../contract/schemas/app-log';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { HighlightedText } from './highlighted-text';
import { prettyJson } from './log-format';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`Copied ${what}`);
  } catch {
    toast.error(`Could not copy ${what}`, {
      description: 'The browser refused access to the clipboard.',
    });
  }
}

function JsonBlock({
  label,
  value,
  terms,
  tabIndex,
}: {
  label: string;
  value: unknown;
  terms: readonly string[];
  tabIndex: number;
}) {
  const text = prettyJson(value);
  return (
    <section className="min-w-0 flex-1" aria-label={label}>
      <div className="mb-1 flex items-center justify-between gap-2">
        <h2 className="text-muted font-sans text-xs font-semibold">{label}</h2>
        <Button
          size="sm"
          variant="ghost"
          tabIndex={tabIndex}
          onClick={() => void copy(text, label.toLowerCase())}
        >
          Copy {label.toLowerCase()}
        </Button>
      </div>
      <pre className="border-border bg-bg text-fg max-h-80 overflow-auto rounded border p-2 text-xs [overflow-wrap:anywhere] whitespace-pre-wrap">
        <HighlightedText text={text} terms={terms} />
      </pre>
    </section>
  );
}

/** The expanded part of a row: pretty `data` and `context`, ids, copy buttons. */
export function LogRowDetails({
  id,
  entry,
  terms,
  onCopyLink,
  onShowContext,
  tabIndex,
}: {
  id: string;
  entry: AppLogEntry;
  terms: readonly string[];
  onCopyLink: (entry: AppLogEntry) => void;
  onShowContext: (entry: AppLogEntry) => void;
  /** -1 outside the list's current row (roving tabindex, see LogRow). */
  tabIndex: number;
}) {
  return (
    <div
      id={id}
      className="bg-surface border-border/60 cursor-auto border-b px-3 pt-2 pb-3 font-mono text-xs sm:pl-8"
    >
      <dl className="text-muted mb-2 flex flex-wrap gap-x-4 gap-y-1 font-sans">
        <div className="flex gap-1">
          <dt>id</dt>
          <dd className="text-fg font-mono">{entry.id}</dd>
        </div>
        <div className="flex gap-1">
          <dt>time</dt>
          <dd className="text-fg font-mono">{entry.time}</dd>
        </div>
        {entry.created_at && (
          <div className="flex gap-1">
            <dt>created_at</dt>
            <dd className="text-fg font-mono">{entry.created_at}</dd>
          </div>
        )}
      </dl>
      <div className="flex flex-col gap-3 lg:flex-row">
        <JsonBlock label="Data" value={entry.data} terms={terms} tabIndex={tabIndex} />
        <JsonBlock label="Context" value={entry.context} terms={[]} tabIndex={tabIndex} />
      </div>
      <div className="mt-2 flex flex-wrap gap-2 font-sans">
        <Button
          size="sm"
          tabIndex={tabIndex}
          aria-keyshortcuts="c"
          onClick={() => onShowContext(entry)}
        >
          Show context
        </Button>
        <Button size="sm" tabIndex={tabIndex} onClick={() => onCopyLink(entry)}>
          Copy link to this entry
        </Button>
        <Button
          size="sm"
          variant="ghost"
          tabIndex={tabIndex}
          onClick={() => void copy(JSON.stringify(entry), 'entry as JSON')}
        >
          Copy entry as JSON
        </Button>
      </div>
    </div>
  );
}
