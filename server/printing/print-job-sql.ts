// The print jobs written in the same statement as the lines they print, so no order waits on a printer.

/**
 * An INSERT of one print job per order and station among `lines` (a relation of `order_id, line_id, station`), for
 * stations that have a printer; the worker (print-worker.ts) renders and sends each once the transaction commits.
 */
export const PRINT_JOBS_FROM = (lines: string, kind: 'order' | 'addition') => `
  INSERT INTO print_jobs (order_id, station, line_ids, kind)
  SELECT l.order_id, l.station, array_agg(l.line_id ORDER BY l.line_id), '${kind}'
  FROM ${lines} l
  WHERE EXISTS (SELECT 1 FROM printers p WHERE p.station = l.station)
  GROUP BY l.order_id, l.station`;
