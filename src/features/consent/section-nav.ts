import type { Finding } from './consent-checks';

export interface ConsentSection {
  /** The id of the section's heading, where a link jumps to. */
  anchor: string;
  label: string;
  /** Findings shown in that section. */
  findings: number;
}

/** The page's sections in order, each with how many findings it shows (check 7 under Languages). */
export function consentSections(findings: readonly Finding[]): ConsentSection[] {
  const count = (test: (finding: Finding) => boolean) => findings.filter(test).length;
  const ofKind = (kind: Finding['target']['kind']) =>
    count((finding) => finding.target.kind === kind && finding.check !== 7);
  return [
    { anchor: 'consent-policy-heading', label: 'Policy', findings: ofKind('privacy-policy') },
    { anchor: 'consent-purposes-heading', label: 'Purposes', findings: ofKind('purpose') },
    {
      anchor: 'consent-applications-heading',
      label: 'Applications',
      findings: ofKind('application'),
    },
    { anchor: 'consent-cookies-heading', label: 'Cookies', findings: ofKind('cookie') },
    { anchor: 'consent-preview-heading', label: 'Preview', findings: 0 },
    {
      anchor: 'consent-languages-heading',
      label: 'Languages',
      findings: count((finding) => finding.check === 7),
    },
  ];
}
