// /consent/records: proof of consent (issue 40). The chart of choices per day, the filters (in
// the URL, as the Logs page keeps its own), the list with "Load older", a record's detail with
// "What this visitor saw", the CSV export, erasing a visitor's records, and where the banner may
// record from. A server without consent records gets an empty state saying so.
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../../api/client';
import { consentApplicationsQueryOptions } from '../../../api/consent';
import {
  consentRecordDaysQueryOptions,
  consentRecordQueryOptions,
  consentRecordsQueryOptions,
  type ConsentRecordWire,
} from '../../../api/consent-records';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader, PageHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { EraseDialog } from './erase-dialog';
import { RecordDetail } from './record-detail';
import { RecordingSettingsCard } from './recording-settings-card';
import { RecordsChart } from './records-chart';
import { downloadRecordsCsv } from './records-export';
import { RecordsFilters, type FilterErrors } from './records-filters';
import { RecordsTable } from './records-table';
import { recordsSearchSchema, toRecordFilters, type RecordsSearch } from './search-params';

function isMissingRoute(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 405);
}

const FILTER_FIELDS = ['consent_id', 'from', 'to', 'application', 'locale'] as const;

/** The service's complaints about the filters, on the filter they are about. */
function filterErrorsOf(error: unknown): FilterErrors {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 422)) return {};
  const found: FilterErrors = {};
  for (const detail of error.fieldErrors) {
    const field = FILTER_FIELDS.find((name) => detail.field === name);
    if (field) found[field] = detail.message;
  }
  return found;
}

/** The open record: from the loaded pages, or asked for (a shared link to its detail). */
function useOpenRecord(id: number | undefined, loaded: readonly ConsentRecordWire[]) {
  const inList = id === undefined ? undefined : loaded.find((record) => record.id === id);
  const asked = useQuery({
    ...consentRecordQueryOptions(id ?? 0),
    enabled: id !== undefined && inList === undefined,
  });
  return inList ?? asked.data ?? undefined;
}

export function ConsentRecordsPage() {
  const search = recordsSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const setSearch = (next: RecordsSearch, replace = false) =>
    void navigate({
      to: '/consent/records',
      search: next as Record<string, string | number>,
      replace,
    });
  const filters = toRecordFilters(search);
  const list = useInfiniteQuery(consentRecordsQueryOptions(filters));
  const days = useQuery(consentRecordDaysQueryOptions(filters));
  const applications = useQuery(consentApplicationsQueryOptions());
  const records = list.data?.pages.flat() ?? [];
  const open = useOpenRecord(search.record, records);
  const [erasing, setErasing] = useState<string | null>(null);
  const exportCsv = useMutation({
    mutationFn: () => downloadRecordsCsv(filters),
    onError: (error) => toast.error(`Could not export: ${error.message}`),
  });
  const filtered = Object.keys(filters).length > 0;

  const header = (
    <PageHeader
      breadcrumb={<Link to="/settings/consent">Consent</Link>}
      title="Consent records"
      description="Every visitor's choice as their banner recorded it, and the banner they saw: proof of consent."
      actions={
        <Button
          loading={exportCsv.isPending}
          disabled={list.isError}
          onClick={() => exportCsv.mutate()}
        >
          Export CSV
        </Button>
      }
    />
  );
  if (list.isError && isMissingRoute(list.error)) {
    return (
      <div>
        {header}
        <EmptyState
          title="This server keeps no consent records"
          description="It has no endpoint for banners to record visitors' choices."
        />
      </div>
    );
  }
  const serverErrors = filterErrorsOf(list.error);

  return (
    <div className="flex flex-col gap-6">
      <div>{header}</div>
      <Card aria-labelledby="records-chart-heading">
        <CardHeader id="records-chart-heading" title="Choices per day" />
        <CardBody>
          {days.isPending ? (
            <SkeletonRows count={2} label="Loading the choices per day" />
          ) : days.isError ? (
            <ErrorState
              error={days.error}
              title="Could not load the choices per day"
              onRetry={() => void days.refetch()}
            />
          ) : (
            <RecordsChart days={days.data} />
          )}
        </CardBody>
      </Card>
      <section aria-label="Records" className="flex flex-col gap-4">
        <RecordsFilters
          key={JSON.stringify(search)}
          search={search}
          applications={(applications.data ?? []).map((app) => app.name)}
          serverErrors={serverErrors}
          onApply={(next) => setSearch(next)}
        />
        {filters.consent_id && records.length > 0 && (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-muted text-sm">
              {records.length} record{records.length === 1 ? '' : 's'} of this visitor
              {list.hasNextPage ? ' loaded' : ''}.
            </p>
            <Button
              size="sm"
              variant="danger-subtle"
              onClick={() => setErasing(filters.consent_id ?? null)}
            >
              Erase this visitor&rsquo;s records
            </Button>
          </div>
        )}
        {list.isPending ? (
          <SkeletonRows count={5} label="Loading the records" />
        ) : list.isError ? (
          Object.keys(serverErrors).length > 0 ? null : (
            <ErrorState
              error={list.error}
              title="Could not load the records"
              onRetry={() => void list.refetch()}
            />
          )
        ) : records.length === 0 ? (
          <EmptyState
            title={filtered ? 'No records match' : 'No records yet'}
            description={
              filtered
                ? 'No visitor chose anything with these filters.'
                : 'List the origins your banner runs on below, then export the Klaro config again: each choice is recorded here.'
            }
          />
        ) : (
          <div className="flex flex-col gap-3">
            <RecordsTable
              records={records}
              onOpen={(record) => setSearch({ ...search, record: record.id })}
            />
            {list.hasNextPage && (
              <Button
                className="self-center"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Load older
              </Button>
            )}
          </div>
        )}
      </section>
      <RecordingSettingsCard />
      {open && (
        <RecordDetail
          record={open}
          onClose={() => setSearch({ ...search, record: undefined })}
          onErase={setErasing}
        />
      )}
      {erasing !== null && (
        <EraseDialog
          consentId={erasing}
          onClose={() => setErasing(null)}
          onErased={() => {
            setErasing(null);
            setSearch({ ...search, record: undefined });
          }}
        />
      )}
    </div>
  );
}
