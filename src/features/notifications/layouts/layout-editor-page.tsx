// The page of one layout, `/notifications/layouts/$slug` (issue 38): loads the layout and then,
// lazily, its editor (CodeMirror and the canvas come with it, as with a template's page).
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { layoutQueryOptions } from '../../../api/layouts';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';

const route = getRouteApi('/notifications/layouts/$slug');

const LayoutEditor = lazy(() =>
  import('./layout-editor').then((module) => ({ default: module.LayoutEditor })),
);

function EditorSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the layout" className="flex flex-col gap-4">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

export function LayoutEditorPage() {
  const { slug } = route.useParams();
  const query = useQuery(layoutQueryOptions(slug));
  if (query.isPending) return <EditorSkeleton />;
  if (query.isError) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-fg text-2xl font-semibold">Layout {slug}</h1>
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          title="Could not load the layout"
        />
      </div>
    );
  }
  return (
    <Suspense fallback={<EditorSkeleton />}>
      {/* A new version (saved here or elsewhere and loaded) starts the editor from it. */}
      <LayoutEditor key={`${slug}:${query.data.etag ?? ''}`} saved={query.data} />
    </Suspense>
  );
}
