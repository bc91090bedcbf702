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
      ['categories.0', 'name', 'Required'],
    ]);
  });
});
