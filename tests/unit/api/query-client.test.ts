// The server cache's rules (spec §9) and its persistence: only the api cache is saved, restored on start, dropped when late or corrupt.
import { onlineManager, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import {
  API_CACHE_KEY,
  createApiCachePersister,
  createQueryClient,
  persistApiCache,
  restoreApiCache,
} from '../../../src/api/query-client';
import { queryKeys } from '../../../src/api/queries';
import { createActor } from 'xstate';
import { cartMachine } from '../../../src/machines/cart.machine';

const key = ['categories'];
const categories = [{ id: 1, name: 'Starters', description: null, image: null, sort: 1 }];

let clients: QueryClient[] = [];
function newClient() {
  const client = createQueryClient();
  clients.push(client);
  return client;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const client of clients) client.clear();
  clients = [];
  onlineManager.setOnline(true);
  vi.useRealTimers();
});

describe('freshness', () => {
  it('refetches on mount only once the data is older than 10 s', async () => {
    const client = newClient();
    const queryFn = vi.fn(() => categories);
    const mount = async () => {
      const unmount = new QueryObserver(client, { queryKey: key, queryFn }).subscribe(() => {});
      await vi.advanceTimersByTimeAsync(0);
      unmount();
    };
    await mount();
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(9_990);
    await mount();
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20);
    await mount();
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('keeps unused data for 60 s', async () => {
    const client = newClient();
    const observer = new QueryObserver(client, { queryKey: key, queryFn: () => categories });
    const unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    unsubscribe();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(client.getQueryData(key)).toEqual(categories);
    await vi.advanceTimersByTimeAsync(2);
    expect(client.getQueryData(key)).toBeUndefined();
  });

  it('refetches what is on screen when the device reconnects, even if fresh', async () => {
    const client = newClient();
    // The provider component mounts the client, which is what listens for the device coming back online.
    client.mount();
    const queryFn = vi.fn(() => categories);
    const unsubscribe = new QueryObserver(client, { queryKey: key, queryFn }).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(2);
    unsubscribe();
    client.unmount();
  });

  it('retries only failures that may pass: offline, timeouts and 5xx, twice at most', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (count: number, error: unknown) => boolean;
    expect(retry(0, new ApiError('fetch', 'offline'))).toBe(true);
    expect(retry(1, new ApiError('timeout', 'slow'))).toBe(true);
    expect(retry(1, new ApiError('http', 'boom', { status: 503 }))).toBe(true);
    expect(retry(2, new ApiError('fetch', 'offline'))).toBe(false);
    expect(retry(0, new ApiError('http', 'no such order', { status: 404 }))).toBe(false);
    expect(retry(0, new ApiError('parsing', 'bad answer'))).toBe(false);
  });
});

describe('persistence', () => {
  async function persistSomething() {
    const persister = createApiCachePersister(localStorage);
    const client = newClient();
    const stop = persistApiCache(client, persister);
    await client.fetchQuery({ queryKey: key, queryFn: () => categories });
    await vi.advanceTimersByTimeAsync(1_000);
    stop();
    return persister;
  }

  it('saves the api cache under its own key and restores it into a new client', async () => {
    const persister = await persistSomething();
    expect(localStorage.getItem(API_CACHE_KEY)).toContain('Starters');

    const restored = newClient();
    await restoreApiCache(new AbortController().signal, restored, persister);
    expect(restored.getQueryData(key)).toEqual(categories);
  });

  it('never saves an order’s wait, which would be an old promise after a reload', async () => {
    const persister = createApiCachePersister(localStorage);
    const client = newClient();
    const stop = persistApiCache(client, persister);
    await client.fetchQuery({ queryKey: queryKeys.order('K7F3QX2M'), queryFn: () => ({ note: 'Birthday' }) });
    await client.fetchQuery({
      queryKey: queryKeys.orderEstimate('K7F3QX2M'),
      queryFn: () => ({ ready_in_minutes: 17 }),
    });
    await vi.advanceTimersByTimeAsync(1_000);
    stop();
    expect(localStorage.getItem(API_CACHE_KEY)).toContain('Birthday');
    expect(localStorage.getItem(API_CACHE_KEY)).not.toContain('ready_in_minutes');
  });

  it('goes on with an empty cache when the restore was abandoned (the 5 s timeout)', async () => {
    const persister = await persistSomething();
    const controller = new AbortController();
    controller.abort();
    const restored = newClient();
    await restoreApiCache(controller.signal, restored, persister);
    expect(restored.getQueryData(key)).toBeUndefined();
  });

  it('rejects a corrupt saved cache and discards it, so the next start is clean', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(API_CACHE_KEY, '{"clientState": nope');
    const restored = newClient();
    await expect(
      restoreApiCache(new AbortController().signal, restored, createApiCachePersister(localStorage)),
    ).rejects.toThrow();
    expect(restored.getQueryData(key)).toBeUndefined();
    expect(localStorage.getItem(API_CACHE_KEY)).toBeNull();
  });

  it('leaves the cart alone when it drops a corrupt cache or restores an old one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const cart = createActor(cartMachine).start();
    cart.send({ type: 'cart.add', items: [{ menu_id: 7, name: 'Margherita', price: 12.5 }] });
    const stored = localStorage.getItem('order_items');

    localStorage.setItem(API_CACHE_KEY, '{"clientState": nope');
    await expect(
      restoreApiCache(new AbortController().signal, newClient(), createApiCachePersister(localStorage)),
    ).rejects.toThrow();
    expect(localStorage.getItem('order_items')).toBe(stored);

    const persister = await persistSomething();
    cart.send({ type: 'cart.add', items: [{ menu_id: 9, name: 'Tiramisu', price: 6 }] });
    const later = localStorage.getItem('order_items');
    await restoreApiCache(new AbortController().signal, newClient(), persister);
    expect(localStorage.getItem('order_items')).toBe(later);
    expect(localStorage.getItem(API_CACHE_KEY)).not.toContain('Margherita');
    cart.stop();
  });
});
