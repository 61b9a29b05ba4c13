import { describe, expect, it } from 'vitest';
import type { Finding } from './consent-checks';
import { consentSections } from './section-nav';

function finding(kind: Finding['target']['kind'], check: Finding['check']): Finding {
  return {
    id: `${kind}-${check}-${Math.random()}`,
    severity: 'warning',
    check,
    target: { kind, name: 'x' },
    message: 'm',
    why: 'w',
  };
}

describe('consentSections', () => {
  it('counts each section’s findings, the missing texts under Languages only', () => {
    const sections = consentSections([
      finding('privacy-policy', 8),
      finding('purpose', 1),
      finding('purpose', 7),
      finding('application', 7),
      finding('application', 3),
      finding('cookie', 6),
    ]);
    expect(sections.map((section) => [section.label, section.findings])).toEqual([
      ['Policy', 1],
      ['Purposes', 1],
      ['Applications', 1],
      ['Cookies', 1],
      ['Preview', 0],
      ['Languages', 2],
    ]);
  });
});
