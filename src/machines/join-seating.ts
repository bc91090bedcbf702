// What a QR scan's key opens (POST table/seating, contract v1.2), in a chunk of its own: loaded on a scan, never on the
// menu's path.
import type { QueryClient } from '@tanstack/react-query';
import { joinSeating as join } from '../api/bill-calls';
import { ApiError } from '../api/errors';
import { getTableBill } from '../api/order-calls';
import { restaurantQuery } from '../api/queries';
import type { JoinResult } from './table.machine';

const unreachable = (error: unknown) =>
  error instanceof ApiError && (error.kind === 'fetch' || error.kind === 'timeout' || error.isTransient);

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * This phone's key to the seating and the table the key opened, or `unsupported` when the provider answers anything but
 * a seating and the table's orders open with the key (a v1.1 provider, which has no seatings). When neither opens:
 * a provider with a profile (v1.2) has table services, so the key is not the table's current one (`refused`: a manager
 * made a new key, or the link was mistyped); one without is taken for v1 (`none`: nothing of them is offered). Rejects
 * only when the provider cannot be reached, to be tried again.
 */
export async function joinSeating(
  queryClient: QueryClient,
  { tableId, key }: { tableId: number; key: string },
): Promise<JoinResult> {
  try {
    const seating = await join(key);
    // The key decides the table, not the link's number; a provider that does not say leaves the link's.
    return { ...seating, table_id: seating.table_id ?? tableId, status: 'joined' };
  } catch (error) {
    if (unreachable(error)) throw error;
  }
  try {
    await getTableBill({ tableKey: key });
    return { table_id: tableId, status: 'unsupported' };
  } catch (error) {
    if (unreachable(error)) throw error;
    if (!notFound(error)) return { table_id: tableId, status: 'unsupported' };
  }
  const profile = await queryClient.ensureQueryData(restaurantQuery());
  return { table_id: tableId, status: profile ? 'refused' : 'none' };
}
