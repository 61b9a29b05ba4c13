// The apps of the list page: a table, or on phones a list of cards. Says so when the filter
// matches nothing. An app's data starts loading on hover or focus through its route's loader.
import { Link } from '@tanstack/react-router';
import type { App } from '../../../contract/wire/app';
import { DataTable } from '../../components/data-table';
import { FilterCount, NoFilterMatch } from '../../components/filter-input';
import { tdClasses, trClasses } from '../../components/ui/table';
import { AppKindBadge } from './app-kind-badge';
import { CompileStatusBadge } from './compile-status-badge';
import { Timestamp } from '../../components/timestamp';
import { textOrNotSet } from '../../components/not-set';
import { appTitle } from './app-title';

const APP_COLUMNS = ['Name', 'Kind', 'Scopes', 'SDK', 'Last compiled', 'Status'].map((header) => ({
  header,
}));

export function AppsTable({
  apps,
  total,
  filter,
  onClearFilter,
}: {
  apps: readonly App[];
  total: number;
  filter: string;
  onClearFilter: () => void;
}) {
  if (apps.length === 0) {
    return (
      <NoFilterMatch
        title={`No app matches “${filter}”`}
        description={`None of the ${total} apps has this in its name or key.`}
        onClear={onClearFilter}
      />
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-2 sm:hidden" aria-label="Apps">
        {apps.map((app) => (
          <li key={app.key}>
            <Link
              to="/apps/$key"
              params={{ key: app.key }}
              className="border-border bg-surface hover:bg-subtle/40 flex flex-col gap-1.5 rounded-lg border px-4 py-3 shadow-sm"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="text-fg font-medium">{appTitle(app)}</span>
                <AppKindBadge internal={app.internal} />
              </span>
              <span className="text-muted font-mono text-xs break-all">{app.key}</span>
              <span className="text-muted flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
                <span>{new Set(app.install_scopes).size} scopes</span>
                <span>SDK {textOrNotSet(app.sdk_version)}</span>
                <span>
                  Compiled <Timestamp value={app.compiled_at} />
                </span>
                <CompileStatusBadge app={app} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <DataTable className="hidden sm:block" caption="Apps" columns={APP_COLUMNS}>
        {apps.map((app) => (
          <tr key={app.key} className={trClasses}>
            <td className={tdClasses}>
              <Link
                to="/apps/$key"
                params={{ key: app.key }}
                className="text-fg font-medium hover:underline"
              >
                {appTitle(app)}
              </Link>
              <div className="text-muted font-mono text-xs">{app.key}</div>
            </td>
            <td className={tdClasses}>
              <AppKindBadge internal={app.internal} />
            </td>
            <td className={`${tdClasses} tabular-nums`}>{new Set(app.install_scopes).size}</td>
            <td className={`${tdClasses} font-mono text-xs`}>{textOrNotSet(app.sdk_version)}</td>
            <td className={`${tdClasses} text-muted whitespace-nowrap`}>
              <Timestamp value={app.compiled_at} />
            </td>
            <td className={tdClasses}>
              <CompileStatusBadge app={app} />
            </td>
          </tr>
        ))}
      </DataTable>
      {filter && <FilterCount shown={apps.length} total={total} noun="apps" />}
    </>
  );
}
