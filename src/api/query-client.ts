// The server cache: TanStack Query with the spec's freshness rules, and the one slice of state that is persisted.
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { defaultShouldDehydrateQuery, onlineManager, QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { ApiError } from './errors';
import { storageArea } from '../device/device-store';

/** Spec §9: data is refetched on mount once older than this. */
export const STALE_TIME_MS = 10_000;
/** Spec §9: unused cached data is kept this long. */
export const GC_TIME_MS = 60_000;
/** The localStorage key of the persisted api cache; the cart lives under its own key and is never part of it. */
export const API_CACHE_KEY = 'api-cache';
/** The first element of every staff query key; those queries are never persisted. */
export const STAFF_QUERY_ROOT = 'staff';
/** The first element of the table bill's key: other guests' orders are never written to this device's storage. */
export const TABLE_BILL_QUERY_ROOT = 'table-bill';
const NEVER_PERSISTED: readonly unknown[] = [STAFF_QUERY_ROOT, TABLE_BILL_QUERY_ROOT];
/** The last element of an order's wait key: a wait read back after a reload or offline would be an old promise. */
export const ESTIMATE_QUERY_PART = 'estimate';
/** Bump when the shape of cached answers changes, so an old cache is dropped instead of misread. */
const API_CACHE_BUSTER = 'contract-v1';
const API_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        gcTime: GC_TIME_MS,
        refetchOnReconnect: 'always',
        // A 4xx or a malformed answer will not improve by asking again.
        retry: (failureCount, error) => error instanceof ApiError && error.isTransient && failureCount < MAX_RETRIES,
      },
    },
  });
}

export const queryClient = createQueryClient();

// TanStack Query assumes a network until the browser says otherwise, and an app opened offline (from the service
// worker's copy) hears no 'offline' event: it must know at once, so the offline banner shows and fetches wait.
if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false);

export function createApiCachePersister(storage: Storage | undefined = storageArea('local')): Persister {
  return createSyncStoragePersister({ storage, key: API_CACHE_KEY, throttleTime: 1000 });
}

const persister = createApiCachePersister();

/**
 * Restores the persisted cache into the client. A restore still running when `signal` aborts
 * (the app machine's 5 s timeout) hydrates nothing, so the app goes on with an empty cache.
 */
export async function restoreApiCache(
  signal: AbortSignal,
  client: QueryClient = queryClient,
  from: Persister = persister,
) {
  await persistQueryClientRestore({
    queryClient: client,
    buster: API_CACHE_BUSTER,
    maxAge: API_CACHE_MAX_AGE_MS,
    persister: {
      ...from,
      restoreClient: async () => {
        const restored = await from.restoreClient();
        return signal.aborted ? undefined : restored;
      },
    },
  });
}

/** Saves the cache whenever it changes; returns the function that stops saving. */
export function persistApiCache(client: QueryClient = queryClient, to: Persister = persister): () => void {
  return persistQueryClientSubscribe({
    queryClient: client,
    persister: to,
    buster: API_CACHE_BUSTER,
    // The console's answers (table keys, accounts, every order) stay in memory: never on the device's storage.
    dehydrateOptions: {
      shouldDehydrateQuery: (query) =>
        !NEVER_PERSISTED.includes(query.queryKey[0]) &&
        query.queryKey.at(-1) !== ESTIMATE_QUERY_PART &&
        defaultShouldDehydrateQuery(query),
    },
  });
}
