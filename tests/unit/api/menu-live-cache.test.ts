// Contract v1.2 menu events in the guests' cache: the whole dish applied in each answer's language, v1.1 events kept.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../contract/guest';
import { writeLiveMessage } from '../../../src/api/live-cache';
import { queryKeys, untilHoursChange } from '../../../src/api/queries';
import { demoRestaurant } from '../../../server/seed/demo-restaurant';

const margherita = demoRestaurant.menuItems.find((item) => item.id === 33) as MenuItem;
const pizzas = { sub_cat_id: 7 };
const english = queryKeys.menu(pizzas, 'en');
const spanish = queryKeys.menu(pizzas, 'es');

function cacheWithPizzas() {
  const client = new QueryClient();
  client.setQueryData<MenuItem[]>(english, [margherita]);
  client.setQueryData<MenuItem[]>(spanish, [{ ...margherita, name: 'Margarita', description: 'Tomate y albahaca' }]);
  return client;
}
const dishIn = (client: QueryClient, key: readonly unknown[]) => client.getQueryData<MenuItem[]>(key)?.[0];
const isStale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true;
const event = (data: unknown) => ({ id: '1', type: 'menu', data });

describe('menu events (contract v1.2)', () => {
  it('a new price and name reach every cached answer, each in its own language, without a refetch', () => {
    const client = cacheWithPizzas();
    const item = {
      ...margherita,
      name: 'Margherita DOP',
      price: 12.5,
      translations: { es: { name: 'Margarita DOP' } },
    };
    writeLiveMessage(client, event({ menu_id: 33, available: true, prep_minutes: 12, item }));
    expect(dishIn(client, english)).toMatchObject({ name: 'Margherita DOP', price: 12.5 });
    // No Spanish description in the event: the provider would answer the restaurant's own.
    expect(dishIn(client, spanish)).toMatchObject({
      name: 'Margarita DOP',
      price: 12.5,
      description: margherita.description,
    });
    expect(isStale(client, english)).toBe(false);
  });

  it('a dish hidden stays in the lists as unavailable (a cart holding it is flagged) and the lists are read again', () => {
    const client = cacheWithPizzas();
    writeLiveMessage(
      client,
      event({ menu_id: 33, available: true, prep_minutes: 12, item: { ...margherita, hidden: true } }),
    );
    expect(dishIn(client, english)?.available).toBe(false);
    expect(isStale(client, english)).toBe(true);
  });

  it('a dish added to the section, or a category changed, reads the lists again', () => {
    const client = cacheWithPizzas();
    writeLiveMessage(client, event({ item: { ...margherita, id: 900, name: 'Marinara' }, reload: true }));
    expect(isStale(client, english)).toBe(true);
    const other = cacheWithPizzas();
    client.setQueryData(queryKeys.categories('en'), []);
    writeLiveMessage(other, event({ category: { id: 3, name: 'Pizza' } }));
    expect(isStale(other, english)).toBe(true);
  });

  it('still applies a v1.1 event: availability and prep minutes only', () => {
    const client = cacheWithPizzas();
    writeLiveMessage(client, event({ menu_id: 33, available: false, prep_minutes: 30 }));
    expect(dishIn(client, spanish)).toMatchObject({ name: 'Margarita', available: false, prep_minutes: 30 });
  });

  it('an answer with hours is read again when its first dish opens or closes', () => {
    const now = Date.parse('2026-06-01T10:00:00Z');
    const breakfast = { ...margherita, available_until: '2026-06-01T11:30:00Z' };
    const closed = { ...margherita, available: false, available_again_at: '2026-06-02T07:00:00Z' };
    expect(untilHoursChange([margherita], now)).toBe(false);
    expect(untilHoursChange([closed, breakfast], now)).toBe(90 * 60_000 + 500);
  });
});
