// The cart machine's recompute from 10,000 entries in order_items, in Node's V8 over an in-memory localStorage.
import { performance } from 'node:perf_hooks';
import { createActor } from 'xstate';
import { summarise, type Figure } from './stats';

class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
}

export interface CartResult {
  entries: number;
  /** order_items changed (as by another tab): parse and recompute both figures. */
  recomputeAfterChange: Figure;
  /** order_items unchanged: the figures are recomputed from the parsed list. */
  recomputeUnchanged: Figure;
  /** cart.add of one unit to a cart that already holds the entries: write and recompute. */
  addOne: Figure;
}

const ENTRIES = 10_000;
const RUNS = 25;

function entries(count: number, salt: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index + salt).padStart(12, '0')}`,
    menu_id: (index % 60) + 1,
    name: `Dish ${index % 60}`,
    price: index % 3 === 0 ? `$${(index % 40) + 0.5}` : (index % 40) + 0.25,
    ...(index % 5 === 0 ? { note: 'no onions' } : {}),
  }));
}

function time(action: () => void): number {
  const start = performance.now();
  action();
  return performance.now() - start;
}

export async function measureCart(): Promise<CartResult> {
  // The machine wants a browser's localStorage and window; they exist only for the measurement, since other code in
  // this process (PGlite) takes a global `window` to mean it runs in a browser.
  const storage = new MemoryStorage();
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  Object.defineProperty(globalThis, 'window', {
    value: Object.assign(new EventTarget(), { localStorage: storage }),
    configurable: true,
  });
  try {
    return await measure();
  } finally {
    Reflect.deleteProperty(globalThis, 'window');
    Reflect.deleteProperty(globalThis, 'localStorage');
  }
}

async function measure(): Promise<CartResult> {
  const { cartMachine } = await import('../src/machines/cart.machine');

  localStorage.setItem('order_items', JSON.stringify(entries(ENTRIES, 0)));
  const cart = createActor(cartMachine).start();
  if (cart.getSnapshot().context.cartCount !== ENTRIES) throw new Error('the cart did not read the stored entries');

  const recompute = () => {
    cart.send({ type: 'cart.updatePotentialSpend' });
    cart.send({ type: 'cart.updateCartCount' });
  };
  const afterChange: number[] = [];
  const unchanged: number[] = [];
  const addOne: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    localStorage.setItem('order_items', JSON.stringify(entries(ENTRIES, run + 1)));
    afterChange.push(time(recompute));
    unchanged.push(time(recompute));
  }
  for (let run = 0; run < RUNS; run += 1) {
    addOne.push(time(() => cart.send({ type: 'cart.add', items: [{ menu_id: 1, name: 'Dish 1', price: 9.5 }] })));
  }
  cart.stop();
  return {
    entries: ENTRIES,
    recomputeAfterChange: summarise(afterChange),
    recomputeUnchanged: summarise(unchanged),
    addOne: summarise(addOne),
  };
}
