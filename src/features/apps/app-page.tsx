// /apps/$key: the app's settings form and what its last compile produced.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { appQueryOptions } from '../../api/apps';
import { isApiError } from '../../api/client';
import { buttonClasses } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { Skeleton, SkeletonRows } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { AppEditForm } from './app-edit-form';
import { AppKindBadge } from './app-kind-badge';
import { appTitle } from './app-title';
import { AppSections } from './app-sections';
import { CompileStatus } from './compile-status';

const route = getRouteApi('/apps/$key');

export function AppPage() {
  const { key } = route.useParams();
  const app = useQuery(appQueryOptions(key));

  const breadcrumb = (
    <Link to="/apps" className="hover:text-fg hover:underline">
      Apps
    </Link>
  );

  if (app.isPending) {
    return (
      <div aria-busy="true">
        <PageHeader title={<Skeleton className="h-8 w-56" />} breadcrumb={breadcrumb} />
        <SkeletonRows count={6} label="Loading the app" />
      </div>
    );
  }
  if (app.isError) {
    const missing = isApiError(app.error) && app.error.status === 404;
    return (
      <div>
        <PageHeader title={missing ? 'App not found' : 'App'} breadcrumb={breadcrumb} />
        <ErrorState
          error={app.error}
          title={missing ? `There is no app “${key}” on this site` : 'Could not load the app'}
          onRetry={missing ? undefined : () => void app.refetch()}
        >
          {missing && (
            <Link to="/apps" className={buttonClasses('secondary', 'sm')}>
              All apps
            </Link>
          )}
        </ErrorState>
      </div>
    );
  }

  const data = app.data.data;
  return (
    <div>
      <PageHeader
        breadcrumb={breadcrumb}
        title={appTitle(data)}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <code className="font-mono">{data.key}</code>
            <AppKindBadge internal={data.internal} />
          </span>
        }
        actions={
          <Link to="/apps/$key/logs" params={{ key }} className={buttonClasses('secondary')}>
            View logs
          </Link>
        }
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <AppEditForm key={data.key} loaded={app.data} />
        </div>
        {/* Below xl the columns stack: compile errors go above the long form, not 1,500 px down. */}
        <div
          className={cn(
            'flex min-w-0 flex-col gap-6',
            data.compile_errors.length > 0 && 'order-first xl:order-none',
          )}
        >
          <CompileStatus app={data} />
        </div>
      </div>
      <div className="mt-6">
        <AppSections app={data} />
      </div>
    </div>
  );
}
