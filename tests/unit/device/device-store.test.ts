// The one device store: validated reads, writes that never throw, one parse per stored text, one watch on other tabs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { deviceStore } from '../../../src/device/device-store';
import { readMyOrders, rememberOrder } from '../../../src/device/my-orders';
import { readTableId } from '../../../src/device/device-table';

const counter = () => deviceStore('counter', z.number().int(), { storage: 'local' });

function otherTabChanged(key: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key }));
}

describe('deviceStore', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads what it wrote, says when nothing is stored, and calls a value of the wrong shape unreadable', () => {
    const store = counter();
    expect(store.read()).toEqual({ status: 'missing' });
    expect(store.write(3)).toEqual({ ok: true });
    expect(store.read()).toMatchObject({ status: 'ok', value: 3 });
    localStorage.setItem('counter', '"three"');
    expect(store.read()).toMatchObject({ status: 'unreadable', raw: '"three"' });
    localStorage.setItem('counter', '{');
    expect(store.read()).toMatchObject({ status: 'unreadable', raw: '{' });
  });

  it('gives the same result for the same stored text, so a large value is parsed once', () => {
    const store = deviceStore('list', z.array(z.number()), { storage: 'local' });
    localStorage.setItem('list', '[1,2,3]');
    const parse = vi.spyOn(JSON, 'parse');
    const first = store.read();
    expect(store.read()).toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('reports a full device or a refused storage instead of throwing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = counter();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(store.write(1)).toEqual({ ok: false, problem: 'storage-full' });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(store.write(1)).toEqual({ ok: false, problem: 'storage-unavailable' });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(store.read()).toEqual({ status: 'missing' });
  });

  it('hears other tabs through one storage listener shared by every key, and stops when unwatched', () => {
    const listen = vi.spyOn(window, 'addEventListener');
    const counterChanged = vi.fn();
    const tableChanged = vi.fn();
    const stopCounter = counter().watch(counterChanged);
    const stopTable = deviceStore('table_id', z.string(), { storage: 'local', format: 'text' }).watch(tableChanged);
    expect(listen.mock.calls.filter(([type]) => type === 'storage')).toHaveLength(1);

    otherTabChanged('counter');
    expect(counterChanged).toHaveBeenCalledTimes(1);
    expect(tableChanged).not.toHaveBeenCalled();
    otherTabChanged(null);
    expect(counterChanged).toHaveBeenCalledTimes(2);
    expect(tableChanged).toHaveBeenCalledTimes(1);

    stopCounter();
    otherTabChanged('counter');
    expect(counterChanged).toHaveBeenCalledTimes(2);
    stopTable();
  });
});

describe('the stored formats', () => {
  it('keeps the table as its number’s text', () => {
    localStorage.setItem('table_id', '7');
    expect(readTableId()).toBe(7);
    localStorage.setItem('table_id', 'seven');
    expect(readTableId()).toBeNull();
  });

  it('keeps fields a later version added to this device’s orders when it rewrites the list', () => {
    localStorage.setItem(
      'my_orders',
      JSON.stringify([{ orderID: 'A1', table_id: 2, placed_at: '2026-01-01T10:00:00Z', seat: 3 }]),
    );
    rememberOrder({ orderID: 'B2', table_id: 2, placed_at: '2026-01-01T11:00:00Z' });
    expect(JSON.parse(localStorage.getItem('my_orders')!)).toEqual([
      { orderID: 'B2', table_id: 2, placed_at: '2026-01-01T11:00:00Z' },
      { orderID: 'A1', table_id: 2, placed_at: '2026-01-01T10:00:00Z', seat: 3 },
    ]);
    expect(readMyOrders().map((order) => order.orderID)).toEqual(['B2', 'A1']);
  });
});
