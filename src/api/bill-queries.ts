// The bill's reads (contract v1.2): kept under the table bill's root, so they are never persisted and a `bill` event
// makes them stale with the table's orders.
import { queryOptions } from '@tanstack/react-query';
import { getBill, getRestaurantRules } from './bill-calls';
import { ApiError } from './errors';
import { tableBillPolling } from './queries';
import { TABLE_BILL_QUERY_ROOT } from './query-client';

export const billQueryKey = (seatingKey: string) => [TABLE_BILL_QUERY_ROOT, 'bill', seatingKey] as const;

export const billQuery = (seatingKey: string) =>
  queryOptions({
    queryKey: billQueryKey(seatingKey),
    queryFn: ({ signal }) => getBill(seatingKey, { signal }),
    refetchInterval: () => tableBillPolling.ms,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });

/** The restaurant's tips and rules for the payment screen; a provider without a profile (404) leaves the defaults. */
export const restaurantTipsQuery = () =>
  queryOptions({
    queryKey: [TABLE_BILL_QUERY_ROOT, 'restaurant'] as const,
    queryFn: ({ signal }) => getRestaurantRules({ signal }),
    staleTime: 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
