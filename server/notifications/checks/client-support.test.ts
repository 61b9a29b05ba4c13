import { describe, expect, it } from 'vitest';
import { CANIEMAIL, clientSupportFindings, MAX_PLACES_PER_FEATURE } from './client-support';
import type { TrimmedData } from './caniemail-trim';

const data: TrimmedData = {
  ...CANIEMAIL,
  features: {
    'css-display-flex': {
      title: 'display:flex',
      url: 'https://www.caniemail.com/features/css-display-flex/',
      support: { gmail: { support: 'y' }, 'outlook-windows': { support: 'n' } },
    },
    'css-padding': {
      title: 'padding',
      url: 'https://www.caniemail.com/features/css-padding/',
      support: {
        gmail: { support: 'y' },
        'outlook-windows': { support: 'a', notes: ['Not on div.'] },
      },
    },
  },
};
const use = (feature: string, line: number) => ({ feature, line, column: 1 });

describe('client support', () => {
  it('warns on each use of a feature a chosen client lacks, naming the clients', () => {
    const findings = clientSupportFindings(
      [use('css-display-flex', 2), use('css-display-flex', 5)],
      ['gmail', 'outlook-windows'],
      data,
    );
    expect(findings.map(({ line, severity, clients }) => ({ line, severity, clients }))).toEqual([
      { line: 2, severity: 'warning', clients: ['outlook-windows'] },
      { line: 5, severity: 'warning', clients: ['outlook-windows'] },
    ]);
    expect(findings[0]?.message).toMatch(/^display:flex: not supported in Outlook for Windows/);
  });

  it('says nothing when every chosen client supports it, or no client is chosen', () => {
    expect(clientSupportFindings([use('css-display-flex', 2)], ['gmail'], data)).toEqual([]);
    expect(clientSupportFindings([use('css-display-flex', 2)], [], data)).toEqual([]);
    expect(clientSupportFindings([use('css-unknown-thing', 2)], ['gmail'], data)).toEqual([]);
  });

  it('notes partial support once per feature, with its notes and count of places', () => {
    const findings = clientSupportFindings(
      [use('css-padding', 3), use('css-padding', 4), use('css-padding', 9)],
      ['outlook-windows'],
      data,
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ line: 3, severity: 'info', clients: ['outlook-windows'] });
    expect(findings[0]?.message).toContain('Not on div.');
    expect(findings[0]?.message).toContain('3 places');
  });

  it('reports the first places of a feature used everywhere, and how many more', () => {
    const uses = Array.from({ length: MAX_PLACES_PER_FEATURE + 5 }, (_, i) =>
      use('css-display-flex', i + 1),
    );
    const findings = clientSupportFindings(uses, ['outlook-windows'], data);
    expect(findings).toHaveLength(MAX_PLACES_PER_FEATURE);
    expect(findings.at(-1)?.message).toContain('and 5 more places');
  });

  it('reads the shipped caniemail data: flexbox is missing in Outlook for Windows', () => {
    expect(CANIEMAIL.features['css-display-flex']?.support['outlook-windows']?.support).toBe('n');
    expect(CANIEMAIL.source).toMatch(/^caniemail@/);
  });
});
