// "Preview": the consent banner a visitor sees (Klaro itself, loaded only when asked for) and the
// placeholder of a blocked application.
import { lazy, Suspense, useState } from 'react';
import type { ConsentApplication, ConsentConfig } from '../../../contract/wire/consent';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { Tabs } from '../../components/ui/tabs';
import type { CheckedCookie } from './consent-check-model';
import { PlaceholderPreview } from './placeholder-preview';

const BannerPreview = lazy(() => import('./banner-preview/banner-preview'));

type PreviewTab = 'banner' | 'placeholder';

export function PreviewSection({
  config,
  applications,
  cookies,
  language,
}: {
  config: ConsentConfig;
  applications: readonly ConsentApplication[];
  cookies: readonly CheckedCookie[];
  language: string;
}) {
  const [tab, setTab] = useState<PreviewTab>('banner');
  const [bannerOpen, setBannerOpen] = useState(false);
  const banner = bannerOpen ? (
    <Suspense
      fallback={
        <p role="status" className="text-muted flex items-center gap-2 text-sm">
          <Spinner /> Loading Klaro…
        </p>
      }
    >
      <BannerPreview
        config={config}
        applications={applications}
        cookies={cookies}
        initialLanguage={language}
      />
    </Suspense>
  ) : (
    <div className="flex flex-col items-start gap-2">
      <p className="text-muted text-sm">
        The banner as a visitor sees it, made by Klaro from the saved configuration (what
        &ldquo;Export Klaro config&rdquo; writes), with the Google Consent Mode calls it makes.
      </p>
      <Button onClick={() => setBannerOpen(true)}>Show the banner preview</Button>
    </div>
  );
  return (
    <Card aria-labelledby="consent-preview-heading">
      <CardHeader id="consent-preview-heading" title="Preview" />
      <CardBody>
        <Tabs
          label="Preview"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: 'banner', label: 'Banner', panel: banner },
            {
              id: 'placeholder',
              label: 'Placeholder',
              panel: <PlaceholderPreview applications={applications} language={language} />,
            },
          ]}
        />
      </CardBody>
    </Card>
  );
}
