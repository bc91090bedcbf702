// Importing a menu file (managers): a file with errors is answered with a table of them, named for what it holds, one
// row per error saying where it is (a CSV line or a place in the document), which field and what is wrong.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../contract/menu-admin';
import { renderApp } from '../../support/render-app';
import { API, consoleProvider } from './support';

const { provider, server } = consoleProvider();

const withErrors: ImportReport = {
  added: 0,
  changed: 0,
  hidden: 0,
  errors: [
    { line: 3, field: 'price', message: 'Not a price' },
    { path: 'categories.0', field: 'name', message: 'Required' },
  ],
  warnings: [],
  changes: [],
  applied: false,
};

async function choose(name: string, text: string, type: string) {
  const file = new File([text], name, { type });
  // jsdom's File has no text(), which the screen reads the chosen file with.
  Object.defineProperty(file, 'text', { value: async () => text });
  await userEvent.upload(await screen.findByLabelText('Menu file'), file);
}

const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent));

describe('importing a menu file', { timeout: 30_000 }, () => {
  it('lists a file’s errors in a named table, a row for each: where, which field, what is wrong', async () => {
    server.use(http.post(`${API}/staff/menu/import`, () => HttpResponse.json(withErrors)));
    provider.staff.signInBrowser('manager');
    renderApp('/staff/menu-import');

    const csv = 'name,price\nSoup,7.50\nBread,cheap\n';
    const file = new File([csv], 'menu.csv', { type: 'text/csv' });
    // jsdom's File has no text(), which the screen reads the chosen file with.
    Object.defineProperty(file, 'text', { value: async () => csv });
    await userEvent.upload(await screen.findByLabelText('Menu file'), file);

    const table = await screen.findByRole('table', { name: 'Errors in the file' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Where', 'Field', 'Problem'],
      ['Line 3', 'price', 'Not a price'],
      ['Category 1', 'name', 'Required'],
    ]);
  });

  it('reads a .json file as JSON, so one that does not parse is said to be broken JSON, not a CSV', async () => {
    provider.staff.signInBrowser('manager');
    renderApp('/staff/menu-import');

    await choose('menu.json', 'not json{', '');

    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent("Could not read the file: This file is not valid JSON: Unexpected token 'o'.");
    expect(problem).not.toHaveTextContent(/CSV/);
  });

  it('says where each problem of a MenuDocument is and what is wrong, in the menu’s words', async () => {
    provider.staff.signInBrowser('manager');
    renderApp('/staff/menu-import');
    const document = {
      version: 1,
      categories: [
        {
          name: 'Starters',
          sub_categories: [
            {
              name: 'Salads',
              items: [{ name: 'Caesar Salad', description: '', price: -1, allergens: ['milk', 'peanut'] }],
            },
          ],
        },
      ],
    };

    await choose('menu.json', JSON.stringify(document), 'application/json');

    const table = await screen.findByRole('table', { name: 'Errors in the file' });
    expect(tableRows(table).slice(1)).toEqual([
      ['Dish 1 of sub-category 1 of category 1 (“Caesar Salad”)', 'price', 'must be 0 or more'],
      [
        'Dish 1 of sub-category 1 of category 1 (“Caesar Salad”)',
        'allergens',
        '“peanut” is not one of the 14 allergens; did you mean “peanuts”?',
      ],
    ]);
  });
});
