// /settings/site: the site's name and languages. A server without `/settings/site` has none,
// and the page says so instead of failing.
import { useQuery } from '@tanstack/react-query';
import { siteSettingsQueryOptions } from '../../api/site-settings';
import { PageHeader } from '../../components/ui/card';
import { OptionalResourcePage } from '../../components/ui/optional-resource-page';
import { SiteSettingsForm } from './site-settings-form';

export function SiteSettingsPage() {
  const settings = useQuery(siteSettingsQueryOptions());
  const header = (
    <PageHeader
      title="Site"
      description="The site's name and the languages of its notifications."
    />
  );
  return (
    <OptionalResourcePage
      header={header}
      query={settings}
      loading={{ label: 'Loading the site settings', rows: 4 }}
      errorTitle="Could not load the site settings"
      absent={{
        title: 'This server has no site settings',
        description: 'It does not know languages; notifications are edited in one language.',
      }}
    >
      {(loaded) => <SiteSettingsForm loaded={loaded} />}
    </OptionalResourcePage>
  );
}
