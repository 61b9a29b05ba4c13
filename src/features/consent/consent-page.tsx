// /settings/consent: the privacy policy form, the configuration as it is (read-only), the checks
// and the exports.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { consentApplicationsQueryOptions, consentQueryOptions } from '../../api/consent';
import { PageHeader } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { SkeletonRows } from '../../components/ui/skeleton';
import { ConsentView } from './consent-view';

const route = getRouteApi('/settings/consent');

export function ConsentPage() {
  const { lang } = route.useSearch();
  const navigate = route.useNavigate();
  const config = useQuery(consentQueryOptions());
  const applications = useQuery(consentApplicationsQueryOptions());

  const header = (
    <PageHeader
      title="Consent"
      description="Privacy policy, purposes, applications and cookies of the site's cookie consent."
    />
  );
  if (config.isPending || applications.isPending) {
    return (
      <div aria-busy="true">
        {header}
        <SkeletonRows count={6} label="Loading the consent configuration" />
      </div>
    );
  }
  if (config.isError || applications.isError) {
    const failed = config.isError ? config : applications;
    return (
      <div>
        {header}
        <ErrorState
          error={failed.error}
          title={
            config.isError
              ? 'Could not load the consent configuration'
              : 'Could not load the consent applications'
          }
          onRetry={() => void failed.refetch()}
        />
      </div>
    );
  }
  return (
    <ConsentView
      loaded={config.data}
      applications={applications.data}
      language={lang}
      onLanguageChange={(next) =>
        void navigate({ search: (prev) => ({ ...prev, lang: next }), replace: true })
      }
    />
  );
}
