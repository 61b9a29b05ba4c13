// /settings/site: the site's name and languages. A server without `/settings/site` has none,
// and the page says so instead of failing.
import { useQuery } from '@tanstack/react-query';
import { siteSettingsQueryOptions } from '../../api/site-settings';
import { PageHeader } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { SkeletonRows } from '../../components/ui/skeleton';
import { SiteSettingsForm } from './site-settings-form';

export function SiteSettingsPage() {
  const settings = useQuery(siteSettingsQueryOptions());
  const header = (
    <PageHeader
      title="Site"
      description="The site's name and the languages of its notifications."
    />
  );
  if (settings.isPending) {
    return (
      <div aria-busy="true">
        {header}
        <SkeletonRows count={4} label="Loading the site settings" />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <div>
        {header}
        <ErrorState
          error={settings.error}
          title="Could not load the site settings"
          onRetry={() => void settings.refetch()}
        />
      </div>
    );
  }
  return (
    <div>
      {header}
      {settings.data === null ? (
        <EmptyState
          title="This server has no site settings"
          description="It does not know languages; notifications are edited in one language."
        />
      ) : (
        <SiteSettingsForm loaded={settings.data} />
      )}
    </div>
  );
}
