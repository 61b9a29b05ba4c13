import { describe, expect, it } from 'vitest';
import { checksResultWireSchema } from '../../../../contract/wire/notification-checks';
import * as z from 'zod/mini';
import {
  checkLabel,
  checksMatrix,
  clientsOf,
  countBySeverity,
  filterFindings,
  groupBySeverity,
  warningLine,
  type Finding,
} from './findings';
import { offsetOf } from './use-reveal-finding';

function finding(overrides: Partial<Finding>): Finding {
  return {
    check: 'image_without_alt',
    severity: 'warning',
    locale: 'en',
    field: 'html',
    line: 1,
    column: 1,
    message: 'An image has no alt',
    clients: [],
    ...overrides,
  };
}

describe('the wire schema', () => {
  it('keeps a check, field and severity this dashboard does not know', () => {
    const parsed = z.parse(checksResultWireSchema, {
      locales: ['en'],
      checks: ['css_grid'],
      findings: [
        {
          check: 'css_grid',
          severity: 'critical',
          locale: 'en',
          field: 'amp',
          message: 'No grid',
          clients: ['Outlook for Windows'],
        },
        { message: 'Only a message' },
        { check: 'x' },
      ],
    });
    expect(parsed.findings).toEqual([
      {
        check: 'css_grid',
        severity: 'info',
        locale: 'en',
        field: 'amp',
        line: null,
        column: null,
        message: 'No grid',
        clients: ['Outlook for Windows'],
      },
      {
        check: 'other',
        severity: 'info',
        locale: null,
        field: null,
        line: null,
        column: null,
        message: 'Only a message',
        clients: [],
      },
    ]);
  });
});

describe('checkLabel', () => {
  it('names known checks and makes unknown ids readable', () => {
    expect(checkLabel('image_without_alt')).toBe('Image without alt');
    expect(checkLabel('text_older_than_html')).toBe('Text older than html');
  });
});

describe('counts, filters and groups', () => {
  const findings = [
    finding({ severity: 'error', check: 'liquid_error', locale: 'nl', line: 4 }),
    finding({ severity: 'warning', locale: 'nl', line: 9 }),
    finding({ severity: 'warning', locale: 'en', line: 2, clients: ['Gmail'] }),
    finding({ severity: 'info', check: 'spam_score', locale: 'en', clients: ['Outlook'] }),
  ];

  it('counts by severity', () => {
    expect(countBySeverity(findings)).toEqual({ error: 1, warning: 2, info: 1 });
  });

  it('filters by locale and by client (a finding naming no client concerns every one)', () => {
    expect(filterFindings(findings, { locale: 'nl', client: null })).toHaveLength(2);
    expect(filterFindings(findings, { locale: null, client: 'Gmail' }).map((f) => f.line)).toEqual([
      4, 9, 2,
    ]);
    expect(clientsOf(findings)).toEqual(['Gmail', 'Outlook']);
  });

  it('groups errors first, each by locale and line', () => {
    const groups = groupBySeverity(findings);
    expect(groups.map((group) => group.severity)).toEqual(['error', 'warning', 'info']);
    expect(groups[1]?.findings.map((f) => f.locale)).toEqual(['en', 'nl']);
  });

  it('builds the matrix with every check and the worst severity per cell', () => {
    const matrix = checksMatrix(
      ['en', 'nl'],
      ['image_without_alt', 'liquid_error', 'link_empty'],
      findings,
    );
    expect(matrix.checks).toEqual([
      'image_without_alt',
      'liquid_error',
      'link_empty',
      'spam_score',
    ]);
    expect(matrix.cell('nl', 'liquid_error')).toEqual({ count: 1, worst: 'error' });
    expect(matrix.cell('en', 'link_empty')).toEqual({ count: 0, worst: null });
    expect(matrix.cell('nl', 'image_without_alt')).toEqual({ count: 1, worst: 'warning' });
  });

  it('says errors and warnings in the line before a send, nothing for notes alone', () => {
    expect(warningLine(countBySeverity(findings))).toBe(
      'The checks found 1 error and 2 warnings: see Checks.',
    );
    expect(warningLine({ error: 0, warning: 0, info: 3 })).toBeNull();
  });
});

describe('offsetOf', () => {
  it('turns a line and column into an offset, clamped to the line and the source', () => {
    const source = 'ab\ncdef\ng';
    expect(offsetOf(source, 1, 1)).toBe(0);
    expect(offsetOf(source, 2, 3)).toBe(5);
    expect(offsetOf(source, 2, 99)).toBe(7);
    expect(offsetOf(source, 9, 1)).toBe(source.length);
  });
});
