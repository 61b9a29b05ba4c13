// The read-only parts of an app: what the last compile produced.
import { Link } from '@tanstack/react-router';
import type { App } from '../../../contract/wire/app';
import { NotSet, textOrNotSet } from '../../components/not-set';
import { ListSection } from './list-section';
import { describeTiming } from './describe-timing';
import { JsonValue } from './json-value';

const codeCell = 'font-mono text-xs break-all';

export function AppSections({ app }: { app: App }) {
  return (
    <div className="flex flex-col gap-6">
      <ListSection
        title="Functions"
        rows={app.functions}
        rowKey={(row, index) => `${row.name ?? ''} ${index}`}
        filterTexts={(row) => [row.name]}
        emptyText="This app has no functions."
        columns={[{ header: 'Name', cell: (row) => textOrNotSet(row.name), className: codeCell }]}
      />
      <ListSection
        title="Routes"
        rows={app.routes}
        rowKey={(row, index) => `${row.verb} ${row.path} ${index}`}
        filterTexts={(row) => [row.verb, row.path, JSON.stringify(row.constraints ?? {})]}
        emptyText="This app has no routes."
        columns={[
          {
            header: 'Verb',
            cell: (row) => (
              <span className="font-mono text-xs font-semibold">
                {textOrNotSet(row.verb?.toUpperCase())}
              </span>
            ),
          },
          { header: 'Path', cell: (row) => textOrNotSet(row.path), className: codeCell },
          { header: 'Constraints', cell: (row) => <JsonValue value={row.constraints} /> },
        ]}
      />
      <ListSection
        title="Callbacks"
        rows={app.callbacks}
        rowKey={(row, index) => `${row.event} ${row.type} ${index}`}
        filterTexts={(row) => [row.event, row.type]}
        emptyText="This app has no callbacks."
        columns={[
          { header: 'Event', cell: (row) => textOrNotSet(row.event), className: codeCell },
          { header: 'Type', cell: (row) => textOrNotSet(row.type) },
        ]}
      />
      <ListSection
        title="Jobs"
        rows={app.jobs}
        rowKey={(row, index) => `${row.name ?? ''} ${index}`}
        filterTexts={(row) => [row.name]}
        emptyText="This app has no background jobs."
        columns={[
          { header: 'Name', cell: (row) => textOrNotSet(row.name), className: codeCell },
          {
            header: 'Logs',
            // Logs are filtered by job name: a job without one has no link.
            cell: (row) =>
              row.name === null ? (
                <NotSet />
              ) : (
                <Link
                  to="/apps/$key/logs"
                  params={{ key: app.key }}
                  search={{ job: row.name }}
                  className="text-fg decoration-accent hover:decoration-fg text-sm font-medium underline underline-offset-2"
                  aria-label={`Logs of job ${row.name}`}
                >
                  View logs
                </Link>
              ),
          },
        ]}
      />
      <ListSection
        title="Schedules"
        rows={app.schedules}
        rowKey={(row, index) => `${row.name ?? ''} ${index}`}
        filterTexts={(row) => [row.name, row.timing, row.timing && describeTiming(row.timing)]}
        emptyText="This app has no schedules."
        columns={[
          { header: 'Name', cell: (row) => textOrNotSet(row.name), className: codeCell },
          { header: 'Timing', cell: (row) => <ScheduleTiming timing={row.timing} /> },
          { header: 'Data', cell: (row) => <JsonValue value={row.data} /> },
        ]}
      />
    </div>
  );
}

function ScheduleTiming({ timing }: { timing: string | null }) {
  if (timing === null) return <NotSet />;
  const words = describeTiming(timing);
  return (
    <div className="flex flex-col gap-0.5">
      <code className="font-mono text-xs">{timing}</code>
      {words && <span className="text-muted text-xs">{words}</span>}
    </div>
  );
}
