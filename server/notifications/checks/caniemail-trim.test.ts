import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { trimCaniemail, type CaniemailData } from './caniemail-trim';
import { CANIEMAIL } from './client-support';

const require = createRequire(import.meta.url);

describe('the checked-in caniemail table', () => {
  it('is what scripts/caniemail-data.ts makes of the installed caniemail package', () => {
    const data = JSON.parse(
      readFileSync(require.resolve('caniemail/caniemail.json'), 'utf8'),
    ) as CaniemailData;
    const { version } = JSON.parse(
      readFileSync(require.resolve('caniemail/package.json'), 'utf8'),
    ) as { version: string };
    expect(CANIEMAIL).toEqual(trimCaniemail(data, version));
  });

  it("keeps each client's latest result with the notes it cites", () => {
    const trimmed = trimCaniemail(
      {
        last_update_date: '2026-01-01',
        data: [
          {
            slug: 'css-x',
            title: 'x',
            url: 'https://www.caniemail.com/features/css-x/',
            category: 'css',
            notes_by_num: { '1': 'Only on tables.' },
            stats: { outlook: { windows: { '2013': 'n', '2019': 'a #1' } } },
          },
          {
            slug: 'amp',
            title: 'AMP',
            url: 'https://www.caniemail.com/features/amp/',
            category: 'others',
            notes_by_num: null,
            stats: {},
          },
        ],
      },
      '9.9.9',
    );
    expect(trimmed.features).toEqual({
      'css-x': {
        title: 'x',
        url: 'https://www.caniemail.com/features/css-x/',
        support: { 'outlook-windows': { support: 'a', notes: ['Only on tables.'] } },
      },
    });
  });
});
