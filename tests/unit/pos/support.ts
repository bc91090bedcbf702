// Shared by the POS screen tests: the fake provider at jsdom's origin, answers held back on request, and cart readers.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, vi } from 'vitest';
import { createFakeProvider } from '../../msw/provider-handlers';

export const ORIGIN = 'http://localhost:3000';
export const API = `${ORIGIN}/api/v1`;

export function fakeProvider() {
  return createFakeProvider({ origin: ORIGIN });
}

/** An answer the test releases by hand, to look at the screen while the request is still on its way. */
export function heldAnswer(path: string, body: JsonBodyType) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = http.get(`${API}/${path}`, async () => {
    await released;
    return HttpResponse.json(body);
  });
  return { handler, release };
}

export interface StoredEntry {
  id: string;
  menu_id: number;
  name: string;
  price: number | string;
  note?: string;
}

export function storedCart(): StoredEntry[] {
  return JSON.parse(localStorage.getItem('order_items') ?? '[]') as StoredEntry[];
}

export function cardFor(name: string): HTMLElement {
  const card = screen
    .getAllByTestId('menu-item')
    .find((element) => within(element).queryByRole('link', { name }) !== null);
  if (!card) throw new Error(`no card for ${name}`);
  return card;
}

export function cardNames(): string[] {
  return screen.getAllByTestId('menu-item').map((card) => within(card).getByRole('link').textContent ?? '');
}

/**
 * jsdom neither scrolls nor implements scrollTo; this page "scrolls" as far as scrollTo says, so a test can watch the
 * router's scroll resets and the screen keeping its place. Installed before every test of the file that calls it.
 */
export function fakeWindowScroll() {
  const page = { y: 0 };
  beforeEach(() => {
    page.y = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => page.y);
    vi.spyOn(window, 'scrollTo').mockImplementation(((options?: ScrollToOptions | number) => {
      if (typeof options === 'object' && options.top !== undefined) page.y = options.top;
    }) as typeof window.scrollTo);
  });
  return page;
}
