// The day's figures (contract v1.2), a manager's: the report as JSON, and its CSVs as files to save.
import { dayReportSchema } from '../../contract/reports';
import { request } from './client';
import { requestBlob } from './console-client';

export function getDayReport(date: string, { signal }: { signal?: AbortSignal } = {}) {
  return request(dayReportSchema, 'staff/reports/day', { searchParams: { date }, signal });
}

/** The CSV as the provider wrote it (byte-order mark included), ready to save. */
export async function getDayCsv(date: string, view: 'lines' | 'summary'): Promise<Blob> {
  return requestBlob('staff/reports/day', { searchParams: { date, format: 'csv', view } });
}
