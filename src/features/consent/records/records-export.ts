// "Export CSV": the service streams GET /consent-records/export of the page's filters; the
// request needs the token, so it is fetched (not a plain link) and saved through the download.
import { fetchConsentRecordsCsv, type ConsentRecordFilters } from '../../../api/consent-records';
import { downloadText } from '../download';

export async function downloadRecordsCsv(filters: ConsentRecordFilters): Promise<void> {
  const csv = await fetchConsentRecordsCsv(filters);
  const day = new Date().toISOString().slice(0, 10);
  downloadText(`consent-records-${day}.csv`, csv, 'text/csv');
}
