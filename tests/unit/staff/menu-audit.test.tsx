// The menu's audit list (managers): a table named for what it holds, one row per change, newest first, each with who
// made it, what it changed and every changed field before and after.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, MenuDocument } from '../../../contract/menu-admin';
import { renderApp } from '../../support/render-app';
import { API, consoleProvider } from './support';

const { provider, server } = consoleProvider();

const changes: AuditEntry[] = [
  {
    at: '2026-03-28T18:05:00.000Z',
    staff: 'Maria',
    action: 'update',
    entity: 'menu_item',
    id: 4,
    before: { name: 'Margherita', price: 11.5 },
    after: { name: 'Margherita', price: 12.9 },
  },
  {
    at: '2026-03-28T09:00:00.000Z',
    staff: 'Maria',
    action: 'import',
    entity: 'menu',
    id: null,
    before: null,
    after: { added: 96, changed: 0, hidden: 0 },
  },
];

describe('the menu’s audit list', { timeout: 30_000 }, () => {
  it('is a named table with a row per change: who, what, and each changed field', async () => {
    server.use(http.get(`${API}/staff/audit`, () => HttpResponse.json(changes)));
    provider.staff.signInBrowser('manager');
    renderApp('/staff/audit');

    const table = await screen.findByRole('table', { name: 'Changes to the menu, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'Who', 'What', 'Changes']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Dish changed: Margherita')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('listitem')).toHaveTextContent('Price: $11.50 → $12.90');
    expect(within(rows[1]!).getByText('Menu imported: 96 added, 0 changed, 0 hidden')).toBeInTheDocument();
  });
});

/** The dish as the provider keeps it in its audit rows (StaffMenuItem), before and after one save. */
const dish = {
  id: 4,
  cat_id: 1,
  sub_cat_id: 7,
  name: 'Margherita',
  description: 'Tomato, mozzarella',
  price: 11.5,
  image: null,
  available: true,
  prep_minutes: 12,
  allergens: ['gluten', 'milk'],
  diets: ['vegetarian'],
  tags: [],
  options: [],
  sort: 3,
  hidden: false,
  hours: null,
  station: null,
  translations: { es: { name: 'Margarita', description: null } },
};

const menu: MenuDocument = {
  version: 1,
  categories: [
    {
      id: 1,
      name: 'Food',
      sub_categories: [
        { id: 7, name: 'Pizzas', items: [] },
        { id: 8, name: 'Pasta', items: [] },
      ],
    },
  ],
};

/** Maria's change to dish 4 at 18:05, as the provider's audit holds it. */
const dishChange = (before: AuditEntry['before'], after: AuditEntry['after']): AuditEntry => ({
  at: '2026-03-28T18:05:00.000Z',
  staff: 'Maria',
  action: 'update',
  entity: 'menu_item',
  id: 4,
  before,
  after,
});

/** A manager opens the Changes screen, the provider answering `edits` and the menu; its table, once shown. */
async function openAudit(edits: AuditEntry[]): Promise<HTMLElement> {
  server.use(
    http.get(`${API}/staff/audit`, () => HttpResponse.json(edits)),
    http.get(`${API}/staff/menu/export`, () => HttpResponse.json(menu)),
  );
  provider.staff.signInBrowser('manager');
  renderApp('/staff/audit');
  return screen.findByRole('table', { name: 'Changes to the menu, newest first' });
}

describe('what the manager reads of a change', { timeout: 30_000 }, () => {
  it('the editor’s labels and values in words: money in the restaurant’s currency, yes and no, names for ids', async () => {
    const edits: AuditEntry[] = [
      dishChange(dish, {
        ...dish,
        sub_cat_id: 8,
        price: 12,
        available: false,
        prep_minutes: 15,
        allergens: null,
        station: 'bar',
        sort: 100_000,
        hours: [{ days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' }],
        translations: { es: { name: 'Pizza Margarita', description: null } },
      }),
      {
        at: '2026-03-28T18:00:00.000Z',
        staff: 'Ines',
        action: 'update',
        entity: 'choice',
        id: 31,
        before: { id: 31, name: 'Extra cheese', price: 1.5, available: true, allergens: ['milk'], translations: {} },
        after: { id: 31, name: 'Extra cheese', price: 2, available: false, allergens: ['milk'], translations: {} },
      },
    ];
    provider.restaurant.set({ currency: 'GBP', locale: 'en-GB', languages: ['en', 'es'] });
    const table = await openAudit(edits);
    const [dishRow, choiceRow] = within(table).getAllByRole('row').slice(1);
    const read = (row: HTMLElement) =>
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    // The sub-category's name comes once the menu is read, the currency once the restaurant's profile is.
    await waitFor(() => expect(read(dishRow!)).toContain('Sub-category: Pizzas → Pasta'));
    await waitFor(() => expect(read(dishRow!)).toContain('Price: £11.50 → £12.00'));
    expect(read(dishRow!)).toEqual([
      'Sub-category: Pizzas → Pasta',
      'Price: £11.50 → £12.00',
      'Sold out: no → yes',
      'Minutes to prepare: 12 → 15',
      'Allergens: gluten, milk → not declared',
      'Moved in the list',
      'Hours: whenever its section is served → Mon Tue Wed Thu Fri 11:00–15:00',
      'Station: its category’s → bar',
      'Name in Spanish: Margarita → Pizza Margarita',
    ]);
    expect(read(choiceRow!)).toEqual(['Adds to the price: £1.50 → £2.00', 'Available: yes → no']);
    expect(table).not.toHaveTextContent(/sub_cat_id|prep_minutes|_|\btrue\b|\bfalse\b/);
  });
});

describe('a dish’s options change', () => {
  const toppings = {
    id: 5,
    name: 'Extra toppings',
    min: 0,
    max: 3,
    translations: {},
    choices: [
      { id: 51, name: 'Fresh mushrooms', price: 1.2, available: true, allergens: [], translations: {} },
      { id: 52, name: 'Olives', price: 0.9, available: true, allergens: [], translations: {} },
      { id: 53, name: 'Anchovies', price: 1.5, available: true, allergens: ['fish'], translations: {} },
    ],
  };
  const size = {
    id: 6,
    name: 'Size',
    min: 1,
    max: 1,
    translations: {},
    choices: [{ id: 61, name: 'Regular', price: 0, available: true, allergens: [], translations: {} }],
  };

  it('is read one group and choice at a time, in plain words, each with its whole before and after', async () => {
    const edits: AuditEntry[] = [
      dishChange(
        { ...dish, options: [toppings, size] },
        {
          ...dish,
          options: [
            {
              ...toppings,
              max: 2,
              choices: [
                { ...toppings.choices[0]!, price: 2.75 },
                { ...toppings.choices[1]!, available: false, name: 'Black olives' },
                { id: 54, name: 'Burrata', price: 3, available: true, allergens: ['milk'], translations: {} },
              ],
            },
            { id: 7, name: 'Crust', min: 0, max: 1, translations: {}, choices: [{ name: 'Thin', price: 0 }] },
          ],
        },
      ),
    ];
    const table = await openAudit(edits);
    const row = within(table).getAllByRole('row')[1]!;
    await waitFor(() => expect(within(row).getAllByRole('listitem').length).toBeGreaterThan(1));
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Options: removed Size',
      'Extra toppings: choose at most 3 → 2',
      'Extra toppings: removed Anchovies',
      'Extra toppings › Fresh mushrooms: price $1.20 → $2.75',
      'Extra toppings › Black olives: renamed Olives → Black olives',
      'Extra toppings › Black olives: available yes → no',
      'Extra toppings: added Burrata (+$3.00)',
      'Options: added Crust (Thin)',
    ]);
  });
});
