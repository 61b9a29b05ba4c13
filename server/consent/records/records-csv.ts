/**
 * The CSV of `GET /consent-records/export`: a header line, then one line per record (RFC 4180,
 * CRLF). Values a visitor's browser sent (page, user agent, locale, application names) that
 * start like a spreadsheet formula get a leading `'`, so opening the file never runs one.
 */
import { Readable } from 'node:stream';
import {
  CONSENT_RECORD_CSV_COLUMNS,
  type ConsentRecord,
} from '../../../contract/schemas/consent-record';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(record: ConsentRecord): string {
  const values: Record<(typeof CONSENT_RECORD_CSV_COLUMNS)[number], string | number | null> = {
    id: record.id,
    consent_id: record.consent_id,
    created_at: record.created_at,
    outcome: record.outcome,
    choices: JSON.stringify(record.choices),
    config_version: record.config_version,
    config_revision: record.config_revision,
    locale: record.locale,
    page: record.page,
    user_agent: record.user_agent,
    ip_hash: record.ip_hash,
  };
  return `${CONSENT_RECORD_CSV_COLUMNS.map((column) => csvField(values[column])).join(',')}\r\n`;
}

/** A stream of the CSV over pages of records: a page in memory at a time. */
export function recordsCsvStream(pages: AsyncIterable<ConsentRecord[]>): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `${CONSENT_RECORD_CSV_COLUMNS.join(',')}\r\n`;
    for await (const page of pages) yield page.map(csvLine).join('');
  }
  return Readable.from(lines());
}
