import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { notificationQueryOptions } from '../../../api/notifications';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { preloadAround } from './preload-around';

const route = getRouteApi('/notifications/$slug');

// CodeMirror, liquidjs and the samples load only here, in parallel with the notification itself.
const NotificationEditor = lazy(() =>
  import('./notification-editor').then((module) => ({ default: module.NotificationEditor })),
);

function EditorSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the notification" className="flex flex-col gap-4">
      <Skeleton className="h-8 w-64" />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-3">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
        <Skeleton className="h-96 w-full" />
      </div>
    </div>
  );
}

export function NotificationEditorPage() {
  const { slug } = route.useParams();
  const query = useQuery(notificationQueryOptions(slug));
  const client = useQueryClient();
  const saved = query.data?.data;
  // The layout and snippets drawn around the Visual canvas, fetched beside the editor's chunk.
  useEffect(() => {
    if (saved) preloadAround(client, saved);
  }, [client, saved]);
  if (query.isPending) return <EditorSkeleton />;
  if (query.isError) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-fg text-2xl font-semibold">Notification {slug}</h1>
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          title="Could not load the notification"
        />
      </div>
    );
  }
  return (
    <Suspense fallback={<EditorSkeleton />}>
      <NotificationEditor key={slug} saved={query.data} />
    </Suspense>
  );
}
