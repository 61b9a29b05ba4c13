import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { consentRecordingQueryOptions } from '../../api/consent-records';
import { useWatch } from 'react-hook-form';
import type { ApiResponse } from '../../api/client';
import type { ConsentApplication, ConsentConfig } from '../../../contract/wire/consent';
import { ConflictDialog } from '../../components/resource-editor/conflict-dialog';
import { buttonClasses } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/card';
import { ApplicationsSection } from './applications-section';
import { findingsFor, runConsentChecks } from './consent-checks';
import { collectCookies } from './consent-cookies';
import { languageGrid } from './language-grid';
import { ConsentModeCard } from './consent-mode-card';
import { ConsentSectionNav } from './consent-section-nav';
import { CookiesSection } from './cookies-section';
import { ExportActions } from './export-actions';
import { ChecksSummary } from './findings';
import { LanguageGridSection } from './language-grid-section';
import { LanguageSwitcher } from './language-switcher';
import { FALLBACK_LANGUAGE } from './localized-text';
import { PreviewSection } from './preview-section';
import { PrivacyPolicyCard } from './privacy-policy-card';
import { formValuesToState } from './privacy-policy-form-values';
import { PurposesSection } from './purposes-section';
import { consentSections } from './section-nav';
import { usePrivacyPolicyForm } from './use-privacy-policy-form';

/** The loaded page: everything here is derived from the two queries and the form's values. */
export function ConsentView({
  loaded,
  applications,
  language: requested,
  onLanguageChange,
}: {
  loaded: ApiResponse<ConsentConfig>;
  applications: readonly ConsentApplication[];
  language: string | undefined;
  onLanguageChange: (language: string) => void;
}) {
  const config = loaded.data;
  // The export records choices when the server keeps consent records (null otherwise).
  const recordingSettings = useQuery(consentRecordingQueryOptions()).data;
  const controller = usePrivacyPolicyForm(loaded);
  const formValues = useWatch({ control: controller.form.control });

  // The checks see the privacy policy as it is being typed, so check 8 follows the form.
  const policy = formValuesToState({
    privacy_policy_kind:
      formValues.privacy_policy_kind ?? controller.basis.values.privacy_policy_kind,
    privacy_policy_url: (formValues.privacy_policy_url ?? []).map((row) => ({
      language: row.language ?? '',
      url: row.url ?? '',
    })),
    privacy_policy_page_id: formValues.privacy_policy_page_id ?? '',
  });
  const cookies = useMemo(
    () => collectCookies(config.cookies, applications),
    [config.cookies, applications],
  );
  const input = { ...policy, purposes: config.purposes, applications, cookies };
  const findings = runConsentChecks(input);
  const grid = languageGrid(input);

  const languages = grid.languages.length > 0 ? grid.languages : [FALLBACK_LANGUAGE];
  const language =
    requested !== undefined && languages.includes(requested)
      ? requested
      : languages.includes(FALLBACK_LANGUAGE)
        ? FALLBACK_LANGUAGE
        : (languages[0] ?? FALLBACK_LANGUAGE);

  const usage = new Map<string, string[]>();
  for (const app of applications) {
    for (const purpose of app.purposes)
      usage.set(purpose, [...(usage.get(purpose) ?? []), app.name]);
  }

  return (
    <div>
      <PageHeader
        title="Consent"
        description="Privacy policy, purposes, applications and cookies of the site's cookie consent."
        actions={
          <>
            {/* Proof of consent (issue 40): only on a server that keeps records. */}
            {recordingSettings && (
              <Link to="/consent/records" className={buttonClasses('secondary', 'md')}>
                Records
              </Link>
            )}
            <ExportActions
              config={config}
              applications={applications}
              cookies={cookies}
              recording={
                recordingSettings && loaded.etag
                  ? {
                      endpoint: recordingSettings.endpoint,
                      configVersion: loaded.etag.replace(/^W\//, '').replace(/"/g, ''),
                    }
                  : undefined
              }
            />
          </>
        }
      />
      <ConsentSectionNav sections={consentSections(findings)} />
      <div className="mt-4 flex flex-col gap-6">
        <ChecksSummary findings={findings} />
        <PrivacyPolicyCard
          controller={controller}
          findings={findingsFor(findings, { kind: 'privacy-policy', name: 'privacy-policy' })}
          suggestedLanguages={grid.languages}
        />
        <section
          aria-label="Language of the texts below"
          className="border-border bg-surface flex flex-wrap items-end justify-between gap-3 rounded-lg border px-4 py-3 shadow-sm sm:px-5"
        >
          <LanguageSwitcher languages={languages} value={language} onChange={onLanguageChange} />
          <p className="text-muted text-xs">
            Purposes, applications and cookies are read-only here.
          </p>
        </section>
        <PurposesSection
          purposes={config.purposes}
          usage={usage}
          findings={findings}
          language={language}
        />
        <ApplicationsSection
          applications={applications}
          cookies={cookies}
          findings={findings}
          language={language}
        />
        <CookiesSection cookies={cookies} applications={applications} findings={findings} />
        <ConsentModeCard key={loaded.etag ?? ''} loaded={loaded} />
        <PreviewSection
          config={config}
          applications={applications}
          cookies={cookies}
          language={language}
        />
        <LanguageGridSection grid={grid} />
      </div>
      <ConflictDialog {...controller.conflictDialog} />
    </div>
  );
}
