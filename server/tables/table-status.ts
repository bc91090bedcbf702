// A table's status, derived from what is true of it (contract v1.2), never stored: shared by the provider's SQL and the fake.
import type { TableStatus } from '../../contract/guest';
import type { StaffTableStatus } from '../../contract/tables';

/**
 * `asking` (an open waiter or bill request) over `seated` (an open seating) over `reserved` (staff's flag) over
 * `free`. Each test reads a partial unique index (one open seating, one open request of a kind, per table).
 */
export const TABLE_STATUS_SQL = (table: string) => `CASE
  WHEN EXISTS (SELECT 1 FROM service_requests r WHERE r.table_id = ${table}.id AND r.done_at IS NULL) THEN 'asking'
  WHEN EXISTS (SELECT 1 FROM seatings s WHERE s.table_id = ${table}.id AND s.ended_at IS NULL) THEN 'seated'
  WHEN ${table}.reserved THEN 'reserved'
  ELSE 'free' END`;

export function deriveTableStatus(facts: { asking: boolean; seated: boolean; reserved: boolean }): StaffTableStatus {
  if (facts.asking) return 'asking';
  if (facts.seated) return 'seated';
  return facts.reserved ? 'reserved' : 'free';
}

/**
 * What guests' v1 `GET tables` answers: a party at the table (seated, or asking for something) is v1's `occupied`,
 * from its first scan or order until staff clear it; `reserved` and `free` are themselves.
 */
export const v1TableStatus = (status: StaffTableStatus): TableStatus =>
  status === 'seated' || status === 'asking' ? 'occupied' : status;
