import { describe, expect, it } from 'vitest';
import type { ConsentApplication } from '../../../contract/wire/consent';
import {
  checkTitle,
  countBySeverity,
  runConsentChecks,
  summarizeFindings,
  targetAnchorId,
  type Finding,
} from './consent-checks';
import { collectCookies } from './consent-cookies';
import type { CheckedCookie, ConsentCheckInput } from './consent-check-model';
import { languageGrid } from './language-grid';

function app(name: string, overrides: Partial<ConsentApplication> = {}): ConsentApplication {
  return {
    name,
    title: { en: name },
    description: { en: `${name} description` },
    purposes: ['analytics'],
    required: false,
    default: false,
    opt_out: false,
    placeholder_message: { en: 'Load?' },
    placeholder_action: { en: 'Load' },
    cookies: [],
    ...overrides,
  };
}

function cookie(name: string, overrides: Partial<CheckedCookie> = {}): CheckedCookie {
  return { id: `id-${name}`, name, path: '/', domain: '', application: 'stats', ...overrides };
}

/** A configuration every check passes. */
function clean(overrides: Partial<ConsentCheckInput> = {}): ConsentCheckInput {
  return {
    privacy_policy_kind: 'url',
    privacy_policy_url: { en: 'https://example.com/privacy' },
    privacy_policy_page_id: null,
    purposes: [{ name: 'analytics', description: { en: 'Counting visits' } }],
    applications: [app('stats')],
    cookies: [cookie('_stats')],
    ...overrides,
  };
}

const ofCheck = (findings: Finding[], check: number) =>
  findings.filter((finding) => finding.check === check);

describe('runConsentChecks', () => {
  it('finds nothing in a clean configuration', () => {
    expect(runConsentChecks(clean())).toEqual([]);
  });

  describe('check 1: purposes', () => {
    it('errors on an unknown purpose and warns on unused purposes and purpose-less apps', () => {
      const findings = runConsentChecks(
        clean({
          purposes: [
            { name: 'analytics', description: { en: 'x' } },
            { name: 'marketing', description: { en: 'y' } },
          ],
          applications: [
            app('stats', { purposes: ['analytics', 'ghost'] }),
            app('bare', { purposes: [] }),
          ],
          cookies: [],
        }),
      );
      expect(ofCheck(findings, 1).map((f) => [f.severity, f.target.kind, f.target.name])).toEqual([
        ['error', 'application', 'stats'],
        ['warning', 'application', 'bare'],
        ['warning', 'purpose', 'marketing'],
      ]);
      expect(findings.find((f) => f.severity === 'error')!.message).toContain('"ghost"');
    });

    it('passes when every purpose is used and known', () => {
      expect(ofCheck(runConsentChecks(clean()), 1)).toEqual([]);
    });
  });

  describe('check 2: duplicate names', () => {
    it('errors once per duplicated name', () => {
      const findings = ofCheck(
        runConsentChecks(clean({ applications: [app('stats'), app('stats'), app('maps')] })),
        2,
      );
      expect(findings).toHaveLength(1);
      expect(findings[0]).toMatchObject({ severity: 'error', target: { name: 'stats' } });
      expect(findings[0]!.message).toContain('2 applications');
    });

    it('passes with distinct names', () => {
      expect(
        ofCheck(runConsentChecks(clean({ applications: [app('stats'), app('maps')] })), 2),
      ).toEqual([]);
    });
  });

  describe('check 3: required and opt-out', () => {
    it('warns', () => {
      const findings = runConsentChecks(
        clean({ applications: [app('stats', { required: true, default: true, opt_out: true })] }),
      );
      expect(ofCheck(findings, 3)).toEqual([
        expect.objectContaining({
          severity: 'warning',
          target: { kind: 'application', name: 'stats' },
        }),
      ]);
      // Required, so check 5 (pre-ticked consent) does not apply.
      expect(ofCheck(findings, 5)).toEqual([]);
    });

    it('passes for a required application that is not opt-out', () => {
      expect(
        ofCheck(runConsentChecks(clean({ applications: [app('stats', { required: true })] })), 3),
      ).toEqual([]);
    });
  });

  describe('check 4: opt-out without default', () => {
    it('errors', () => {
      const findings = ofCheck(
        runConsentChecks(
          clean({ applications: [app('stats', { opt_out: true, default: false })] }),
        ),
        4,
      );
      expect(findings).toEqual([expect.objectContaining({ severity: 'error' })]);
    });

    it('passes when opt-out comes with on by default', () => {
      expect(
        ofCheck(
          runConsentChecks(
            clean({ applications: [app('stats', { opt_out: true, default: true })] }),
          ),
          4,
        ),
      ).toEqual([]);
    });
  });

  describe('check 5: pre-ticked consent', () => {
    it('warns for on by default or opt-out on an application that is not required', () => {
      const findings = ofCheck(
        runConsentChecks(
          clean({
            applications: [
              app('stats', { default: true }),
              app('maps', { default: true, opt_out: true }),
            ],
          }),
        ),
        5,
      );
      expect(findings.map((f) => [f.severity, f.target.name])).toEqual([
        ['warning', 'stats'],
        ['warning', 'maps'],
      ]);
      expect(findings[1]!.message).toContain('on by default and opt-out');
      expect(findings[0]!.why).toContain('GDPR');
    });

    it('passes for a required application that is on by default', () => {
      expect(
        ofCheck(
          runConsentChecks(
            clean({ applications: [app('stats', { required: true, default: true })] }),
          ),
          5,
        ),
      ).toEqual([]);
    });
  });

  describe('check 6: cookies', () => {
    it('errors on a ^ name that is not a valid regular expression', () => {
      const findings = ofCheck(runConsentChecks(clean({ cookies: [cookie('^_ga(')] })), 6);
      expect(findings).toEqual([
        expect.objectContaining({
          severity: 'error',
          target: { kind: 'cookie', name: 'id-^_ga(' },
        }),
      ]);
    });

    it('accepts a valid ^ pattern', () => {
      expect(ofCheck(runConsentChecks(clean({ cookies: [cookie('^_ga.*')] })), 6)).toEqual([]);
    });

    it('warns on regex characters without ^', () => {
      const findings = ofCheck(
        runConsentChecks(clean({ cookies: [cookie('_hj*'), cookie('_ga.*')] })),
        6,
      );
      expect(findings.map((f) => [f.severity, f.message])).toEqual([
        ['warning', expect.stringContaining('_hj*')],
        ['warning', expect.stringContaining('_ga.*')],
      ]);
      expect(findings[0]!.why).toContain('literally');
    });

    it('does not take a dot or dash for a pattern', () => {
      expect(ofCheck(runConsentChecks(clean({ cookies: [cookie('wp-settings-1.2')] })), 6)).toEqual(
        [],
      );
    });

    it('errors on a cookie whose application does not exist', () => {
      const findings = ofCheck(
        runConsentChecks(clean({ cookies: [cookie('_x', { application: 'gone' })] })),
        6,
      );
      expect(findings).toEqual([
        expect.objectContaining({ severity: 'error', message: expect.stringContaining('"gone"') }),
      ]);
    });

    it('errors on a path without a leading slash and accepts an empty one', () => {
      const findings = ofCheck(
        runConsentChecks(
          clean({ cookies: [cookie('_a', { path: 'shop' }), cookie('_b', { path: '' })] }),
        ),
        6,
      );
      expect(findings).toEqual([
        expect.objectContaining({ severity: 'error', target: { kind: 'cookie', name: 'id-_a' } }),
      ]);
    });
  });

  describe('check 7: languages', () => {
    it('warns per field with a gap and names the fallback', () => {
      const findings = ofCheck(
        runConsentChecks(
          clean({
            privacy_policy_url: { en: '/privacy', nl: '/nl/privacy' },
            applications: [app('stats', { title: { en: 'Stats', nl: 'Statistiek' } })],
          }),
        ),
        7,
      );
      const targets = findings.map((f) => f.message);
      expect(targets).toEqual([
        'Purpose analytics: description has no text in nl',
        'stats: description has no text in nl',
        'stats: placeholder message has no text in nl',
        'stats: placeholder action has no text in nl',
      ]);
      expect(findings[0]!.why).toContain('en text is shown instead');
    });

    it('passes when every language has every text', () => {
      expect(ofCheck(runConsentChecks(clean()), 7)).toEqual([]);
    });

    it('sums up as one line per language, the other findings kept as they are', () => {
      const findings = runConsentChecks(
        clean({
          privacy_policy_url: { en: '/privacy', nl: '/nl/privacy', de: '/de/privacy' },
          applications: [app('stats', { title: { en: 'Stats', nl: 'Statistiek' }, purposes: [] })],
        }),
      );
      const summary = summarizeFindings(findings);
      expect(summary.missingTexts).toEqual([
        { language: 'de', count: 5 },
        { language: 'nl', count: 4 },
      ]);
      expect(summary.findings.map((finding) => finding.check)).not.toContain(7);
      expect(summary.findings).toHaveLength(findings.length - ofCheck(findings, 7).length);
    });
  });

  describe('check 8: privacy policy kind', () => {
    it('errors when kind url lacks a URL for a language in use', () => {
      const findings = ofCheck(
        runConsentChecks(
          clean({ purposes: [{ name: 'analytics', description: { en: 'x', de: 'y' } }] }),
        ),
        8,
      );
      expect(findings).toEqual([
        expect.objectContaining({ severity: 'error', message: 'No privacy policy URL for de' }),
      ]);
    });

    it('errors when kind url has no URL at all, or kind page has no page id', () => {
      expect(ofCheck(runConsentChecks(clean({ privacy_policy_url: {} })), 8)[0]!.severity).toBe(
        'error',
      );
      expect(
        ofCheck(
          runConsentChecks(clean({ privacy_policy_kind: 'page', privacy_policy_page_id: ' ' })),
          8,
        )[0],
      ).toMatchObject({ severity: 'error', target: { kind: 'privacy-policy' } });
    });

    it('passes for kind page with a page id', () => {
      expect(
        ofCheck(
          runConsentChecks(
            clean({
              privacy_policy_kind: 'page',
              privacy_policy_page_id: 'privacy',
              privacy_policy_url: {},
            }),
          ),
          8,
        ),
      ).toEqual([]);
    });

    it('warns for kind none and errors for an unknown kind', () => {
      expect(ofCheck(runConsentChecks(clean({ privacy_policy_kind: 'none' })), 8)[0]).toMatchObject(
        {
          severity: 'warning',
          message: expect.stringContaining('although URLs'),
        },
      );
      expect(ofCheck(runConsentChecks(clean({ privacy_policy_kind: 'pdf' })), 8)[0]!.severity).toBe(
        'error',
      );
    });
  });

  it('orders errors first, gives unique ids and counts by severity', () => {
    const findings = runConsentChecks(
      clean({
        applications: [app('stats', { default: true }), app('stats', { opt_out: true })],
        cookies: [cookie('_a', { path: 'x', application: 'gone' })],
      }),
    );
    const firstWarning = findings.findIndex((f) => f.severity === 'warning');
    expect(findings.slice(firstWarning).every((f) => f.severity === 'warning')).toBe(true);
    expect(new Set(findings.map((f) => f.id)).size).toBe(findings.length);
    expect(countBySeverity(findings)).toEqual({ error: 4, warning: 2 });
  });
});

describe('languageGrid', () => {
  it('has a row per localized field and a cell per language with the fallback used', () => {
    const grid = languageGrid(
      clean({
        privacy_policy_url: { en: '/privacy', nl: '/nl/privacy' },
        applications: [app('stats', { title: { nl: 'Statistiek', de: 'Statistik' } })],
      }),
    );
    expect(grid.languages).toEqual(['en', 'de', 'nl']);
    expect(grid.rows.map((row) => row.key)).toEqual([
      'privacy-policy:privacy-policy:privacy_policy_url',
      'purpose:analytics:description',
      'application:stats:title',
      'application:stats:description',
      'application:stats:placeholder_message',
      'application:stats:placeholder_action',
    ]);
    expect(grid.rows[0]!.cells.de).toEqual({ hasText: false, fallback: 'en' });
    // No en title: the first language with text fills the gap.
    expect(grid.rows[2]!.cells).toEqual({
      en: { hasText: false, fallback: 'nl' },
      de: { hasText: true, fallback: null },
      nl: { hasText: true, fallback: null },
    });
  });

  it('leaves the privacy policy out unless its kind is url', () => {
    const grid = languageGrid(clean({ privacy_policy_kind: 'page', privacy_policy_page_id: 'p' }));
    expect(grid.rows.some((row) => row.field === 'privacy_policy_url')).toBe(false);
  });
});

describe('collectCookies', () => {
  it('adds cookies only an application lists, to that application, once', () => {
    const cookies = collectCookies(
      [{ id: 'c1', name: '_ga', path: '/', domain: '', application: 'stats' }],
      [
        app('stats', {
          cookies: [
            { id: 'c1', name: '_ga' },
            { name: '_gid', path: '/' },
          ],
        }),
      ],
    );
    expect(cookies).toEqual([
      { id: 'c1', name: '_ga', path: '/', domain: '', application: 'stats' },
      { id: 'stats#1', name: '_gid', path: '/', domain: '', application: 'stats' },
    ]);
  });
});

describe('targetAnchorId', () => {
  it('is a valid id and keeps similar names apart', () => {
    const a = targetAnchorId({ kind: 'cookie', name: '_ga.*' });
    const b = targetAnchorId({ kind: 'cookie', name: '_ga_*' });
    expect(a).toMatch(/^[a-z0-9_-]+$/);
    expect(a).not.toBe(b);
  });
});

describe('checkTitle', () => {
  // The summary showed "check 4" beside each line (issue 30): a number means nothing to an admin.
  it('names every check in plain words, each differently', () => {
    const numbers = [1, 2, 3, 4, 5, 6, 7, 8] as const;
    const titles = numbers.map((check) => checkTitle(check));
    for (const title of titles) expect(title).toMatch(/^[A-Z][a-z ,-]+[a-z]$/);
    expect(new Set(titles).size).toBe(numbers.length);
  });
});
