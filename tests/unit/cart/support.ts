// Shared by the cart and order tests: the fake provider at jsdom's origin, a way to fill the cart as the POS screen does, and readers of the device's storage.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { NewOrder } from '../../../contract/orders';
import type { NewOrderItem } from '../../../src/domain/cart';
import { createFakeProvider, type FakeProvider } from '../../msw/provider-handlers';

export const ORIGIN = 'http://localhost:3000';
export const API = `${ORIGIN}/api/v1`;

export function fakeProvider(): FakeProvider {
  return createFakeProvider({ origin: ORIGIN });
}

// Dishes of the demo restaurant, as the POS screen stores them.
export const margherita: NewOrderItem = {
  menu_id: 33,
  name: 'Margherita',
  price: 11.5,
  image: '/images/dishes/pizza-1.svg',
};
export const diavola: NewOrderItem = { menu_id: 34, name: 'Diavola', price: 14.5, image: '/images/dishes/pizza-2.svg' };
export const tiramisu: NewOrderItem = { menu_id: 47, name: 'Tiramisu', price: 7.5, image: '/images/dishes/cake-1.svg' };
export const burrata: NewOrderItem = { menu_id: 13, name: 'Burrata', price: '$12.50', image: null };
/** Sold out in the demo restaurant: the provider refuses it. */
export const cauliflower: NewOrderItem = { menu_id: 16, name: 'Korean Fried Cauliflower', price: 8.5, image: null };

let nextId = 1;

/** Stores the entries as the cart machine would (one per unit, each with its own id) before the app starts. */
export function seedCart(...items: (NewOrderItem | unknown)[]): void {
  const entries = items.map((item) =>
    typeof item === 'object' && item !== null && 'menu_id' in item ? { id: `entry-${nextId++}`, ...item } : item,
  );
  localStorage.setItem('order_items', JSON.stringify(entries));
}

export function times<T>(count: number, item: T): T[] {
  return Array.from({ length: count }, () => item);
}

export function storedCartText(): string | null {
  return localStorage.getItem('order_items');
}

export function cartLines(): HTMLElement[] {
  return screen.queryAllByTestId('cart-line');
}

export function lineFor(name: string): HTMLElement {
  const line = cartLines().find((element) => within(element).queryByRole('heading', { name }) !== null);
  if (!line) throw new Error(`no cart line for ${name}`);
  return line;
}

/** Records every order request the provider receives, then lets the fake provider answer it. */
export function recordOrderRequests() {
  const seen: { key: string | null; body: unknown }[] = [];
  const handler = http.post(`${API}/orders`, async ({ request }) => {
    seen.push({ key: request.headers.get('Idempotency-Key'), body: await request.clone().json() });
    return undefined;
  });
  return { seen, handler };
}

/** An answer the test releases by hand, to look at the screen while the order is on its way. */
export function heldOrderAnswer() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = http.post(`${API}/orders`, async () => {
    await released;
    return undefined;
  });
  return { handler, release };
}

/**
 * The first order reaches the provider and is placed, but its answer never comes back (the connection drops):
 * the guest sees an offline error although the order went through.
 */
export function lostAnswer(provider: FakeProvider) {
  let lost = false;
  const handler = http.post(`${API}/orders`, async ({ request }) => {
    if (lost) return undefined;
    lost = true;
    for (const candidate of provider.handlers) {
      const result = await candidate.run({ request: request.clone(), requestId: `lost-${Date.now()}` });
      if (result?.response) return HttpResponse.error();
    }
    throw new Error('The fake provider did not answer the order');
  });
  return handler;
}

/**
 * Places an order at the fake provider and returns its id. By default it is this device's order: remembered in
 * my_orders with its key, as the checkout would. `{ remember: false }`: another device's, whose key this one lacks.
 */
export async function placeViaApi(order: NewOrder, { remember = true } = {}): Promise<string> {
  const response = await fetch(`${API}/orders`, {
    method: 'POST',
    headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' },
    body: JSON.stringify(order),
  });
  if (response.status !== 201) throw new Error(`Placing the order answered ${response.status}`);
  const placed = (await response.json()) as { orderID: string; order_key: string; created_at: string };
  if (remember) {
    const mine = JSON.parse(localStorage.getItem('my_orders') ?? '[]') as unknown[];
    const entry = { orderID: placed.orderID, table_id: order.table_id, placed_at: placed.created_at };
    localStorage.setItem('my_orders', JSON.stringify([{ ...entry, order_key: placed.order_key }, ...mine]));
  }
  return placed.orderID;
}

export { HttpResponse };
