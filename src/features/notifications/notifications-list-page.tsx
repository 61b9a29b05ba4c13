// /notifications: the site's message templates, filterable (the filter lives in the URL).
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { notificationsQueryOptions } from '../../api/notifications';
import { siteSettingsQueryOptions } from '../../api/site-settings';
import { notificationRef, type Notification } from '../../../contract/wire/notification';
import { NotSet, textOrNotSet } from '../../components/not-set';
import { Badge } from '../../components/ui/badge';
import { DataTable } from '../../components/data-table';
import { FilterInput, NoFilterMatch } from '../../components/filter-input';
import { QueryStates } from '../../components/query-states';
import { Timestamp } from '../../components/timestamp';
import { PageHeader } from '../../components/ui/card';
import { tdClasses, trClasses } from '../../components/ui/table';
import { filterNotifications } from './filter-notifications';
import { LocaleChips } from './translations/locale-chips';
import { notificationTitle } from './editor/notification-fields';

const route = getRouteApi('/notifications');

export function NotificationsListPage() {
  const { filter = '' } = route.useSearch();
  const navigate = route.useNavigate();
  const query = useQuery(notificationsQueryOptions());
  // Languages show only on a server that has site settings (issue 28).
  const settings = useQuery(siteSettingsQueryOptions()).data?.data;
  const languages: Languages | null = settings
    ? { defaultLocale: settings.default_locale, locales: settings.locales }
    : null;
  const setFilter = (value: string) =>
    void navigate({ search: { filter: value || undefined }, replace: true });

  return (
    <div>
      <PageHeader
        title="Notifications"
        description="The messages this site sends, written in Liquid."
      />
      <FilterInput
        label="Filter notifications"
        placeholder="Filter by name, slug or subject…"
        value={filter}
        onChange={setFilter}
      />
      <QueryStates
        query={query}
        loadingLabel="Loading notifications"
        loadingRows={5}
        errorTitle="Could not load the notifications"
        empty={{
          title: 'No notifications yet',
          description: 'This site sends no templated messages.',
        }}
      >
        {(data) => (
          <NotificationsTable
            languages={languages}
            rows={filterNotifications(data, filter)}
            total={data.length}
            filter={filter}
            onClearFilter={() => setFilter('')}
          />
        )}
      </QueryStates>
    </div>
  );
}

interface Languages {
  defaultLocale: string;
  locales: readonly string[];
}

const NOTIFICATION_COLUMNS = [
  { header: 'Name' },
  { header: 'Subject', className: 'hidden md:table-cell' },
  { header: 'HTML' },
  { header: 'Last update' },
];
const LANGUAGES_COLUMN = { header: 'Languages' };

/** The template's languages, when the server has them and the template says. */
function Chips({ n, languages }: { n: Notification; languages: Languages | null }) {
  if (!languages || n.translations == null) return null;
  return (
    <LocaleChips
      notification={n}
      defaultLocale={languages.defaultLocale}
      locales={languages.locales}
    />
  );
}

function NotificationsTable({
  languages,
  rows,
  total,
  filter,
  onClearFilter,
}: {
  languages: Languages | null;
  rows: Notification[];
  total: number;
  filter: string;
  onClearFilter: () => void;
}) {
  if (rows.length === 0) {
    return (
      <NoFilterMatch
        title={`No notification matches “${filter}”`}
        description={`None of the ${total} notifications has this in its name, slug, description or subject.`}
        onClear={onClearFilter}
      />
    );
  }
  return (
    <>
      {/* Phones: one card per template, as the apps list does, instead of a squeezed table. */}
      <ul className="flex flex-col gap-2 sm:hidden" aria-label="Notifications">
        {rows.map((n) => (
          <li key={notificationRef(n)}>
            <Link
              to="/notifications/$slug"
              params={{ slug: notificationRef(n) }}
              className="border-border bg-surface hover:bg-subtle/40 flex flex-col gap-1.5 rounded-lg border px-4 py-3 shadow-sm"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="text-fg min-w-0 font-medium">{notificationTitle(n)}</span>
                <HtmlBadge enabled={n.html_enabled} />
              </span>
              <span className="text-muted font-mono text-xs">{notificationRef(n)}</span>
              <span className="text-fg line-clamp-2 font-mono text-xs">
                {textOrNotSet(n.subject)}
              </span>
              <Chips n={n} languages={languages} />
              <span className="text-muted text-xs">
                Updated <Timestamp value={n.updated_at} missing="unknown" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <NotificationsDataTable rows={rows} languages={languages} />
    </>
  );
}

function HtmlBadge({ enabled }: { enabled: boolean | null }) {
  if (enabled === null) return <NotSet />;
  return enabled ? <Badge tone="accent">HTML on</Badge> : <Badge>Text only</Badge>;
}

function NotificationsDataTable({
  rows,
  languages,
}: {
  rows: Notification[];
  languages: Languages | null;
}) {
  const columns = languages
    ? [...NOTIFICATION_COLUMNS.slice(0, 3), LANGUAGES_COLUMN, ...NOTIFICATION_COLUMNS.slice(3)]
    : NOTIFICATION_COLUMNS;
  return (
    <DataTable className="hidden sm:block" caption="Notifications" columns={columns}>
      {rows.map((n) => (
        <tr key={notificationRef(n)} className={trClasses}>
          <td className={`${tdClasses} max-w-xs`}>
            <Link
              to="/notifications/$slug"
              params={{ slug: notificationRef(n) }}
              className="text-fg font-medium hover:underline"
            >
              {notificationTitle(n)}
            </Link>
            <div className="text-muted font-mono text-xs">{notificationRef(n)}</div>
            {/* Narrow tables: the subject under the name instead of its own column. */}
            <div className="text-fg mt-1 line-clamp-2 font-mono text-xs md:hidden">{n.subject}</div>
            {n.description && (
              <div className="text-muted mt-0.5 line-clamp-2 text-xs">{n.description}</div>
            )}
          </td>
          <td className={`${tdClasses} hidden max-w-sm md:table-cell`}>
            <span className="line-clamp-2 font-mono text-xs">{textOrNotSet(n.subject)}</span>
          </td>
          <td className={tdClasses}>
            <HtmlBadge enabled={n.html_enabled} />
          </td>
          {languages && (
            <td className={tdClasses}>
              <Chips n={n} languages={languages} />
            </td>
          )}
          <td className={`${tdClasses} text-muted whitespace-nowrap`}>
            <Timestamp value={n.updated_at} missing="unknown" />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
