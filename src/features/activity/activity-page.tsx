// /activity: the site-wide feed of revisions, newest first, filtered by person and by kind of
// resource (both in the URL), with "Load older" paging (GET /audit?before=).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { auditFeedQueryOptions } from '../../api/audit';
import { isApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { SkeletonRows } from '../../components/ui/skeleton';
import { ActivityEntry } from './activity-entry';
import { ACTIVITY_RESOURCES, isActivityResource } from './resources';
import { activitySearchSchema, type ActivitySearch } from './search-params';

/** The people to filter by: everyone in the newest page of the whole feed, and the chosen one. */
function usePeople(chosen: string | undefined): string[] {
  const all = useInfiniteQuery(auditFeedQueryOptions({}));
  const people = new Set(
    (all.data?.pages[0] ?? []).flatMap((revision) =>
      revision.actor.email ? [revision.actor.email] : [],
    ),
  );
  if (chosen) people.add(chosen);
  return [...people].sort();
}

function isMissingRoute(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 405);
}

export function ActivityPage() {
  const search = activitySearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const setSearch = (next: ActivitySearch) =>
    void navigate({ to: '/activity', search: next as Record<string, string> });
  // A resource the service does not know is no filter (a hand-edited URL).
  const resource = isActivityResource(search.resource) ? search.resource : undefined;
  const filters = {
    ...(search.actor ? { actor: search.actor } : {}),
    ...(resource ? { resource } : {}),
  };
  const feed = useInfiniteQuery(auditFeedQueryOptions(filters));
  const people = usePeople(search.actor);
  const revisions = feed.data?.pages.flat() ?? [];

  return (
    <div>
      <PageHeader
        title="Activity"
        description="Who changed what in this site, and when. Newest first."
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <Field label="Person">
          {(props) => (
            <Select
              {...props}
              value={search.actor ?? ''}
              onChange={(event) => setSearch({ ...search, actor: event.target.value || undefined })}
            >
              <option value="">Everyone</option>
              {people.map((email) => (
                <option key={email} value={email}>
                  {email}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Resource">
          {(props) => (
            <Select
              {...props}
              value={resource ?? ''}
              onChange={(event) =>
                setSearch({ ...search, resource: event.target.value || undefined })
              }
            >
              <option value="">Everything</option>
              {Object.entries(ACTIVITY_RESOURCES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {feed.isPending ? (
        <SkeletonRows count={4} label="Loading the activity" />
      ) : feed.isError && isMissingRoute(feed.error) ? (
        <EmptyState
          title="This server keeps no history"
          description="It does not record who changed what."
        />
      ) : feed.isError ? (
        <ErrorState
          error={feed.error}
          title="Could not load the activity"
          onRetry={() => void feed.refetch()}
        />
      ) : revisions.length === 0 ? (
        <EmptyState
          title={search.actor || resource ? 'No changes match' : 'No changes yet'}
          description="Every save of an app, the consent settings, a notification or the site settings appears here."
        />
      ) : (
        <div className="flex flex-col gap-3">
          <ol aria-label="Changes" className="flex flex-col gap-3">
            {revisions.map((revision) => (
              <li key={revision.id}>
                <ActivityEntry revision={revision} />
              </li>
            ))}
          </ol>
          {feed.hasNextPage && (
            <Button
              variant="secondary"
              className="self-center"
              loading={feed.isFetchingNextPage}
              onClick={() => void feed.fetchNextPage()}
            >
              Load older
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
