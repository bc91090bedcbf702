// The menu's audit list (managers): a table named for what it holds, one row per change, newest first, each with who
// made it, what it changed and every changed field before and after.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../contract/menu-admin';
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
    expect(within(rows[0]!).getByRole('listitem')).toHaveTextContent('price: 11.5 → 12.9');
    expect(within(rows[1]!).getByText('Menu imported: 96 added, 0 changed, 0 hidden')).toBeInTheDocument();
  });
});
