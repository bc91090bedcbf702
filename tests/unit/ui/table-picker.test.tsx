// Choosing a table from the header: a labelled dialog, the floor plan, the choice remembered, focus back where it was.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { fakeProvider } from '../pos/support';

const tables = [
  { id: 1, name: 'Table 1', seats: 2, status: 'free' },
  { id: 3, name: 'Table 3', seats: 4, status: 'occupied' },
  { id: 12, name: 'Terrace 12', seats: 4, status: 'reserved' },
];

const server = setupMsw(http.get('http://localhost:3000/api/v1/tables', () => HttpResponse.json(tables)));

describe('table picker', () => {
  it('asks for a table, remembers the choice and shows it in the header', async () => {
    renderApp('/cart');
    const control = await screen.findByTestId('current-table');
    expect(control).toHaveTextContent('Choose your table');

    await userEvent.click(control);
    const picker = await screen.findByRole('dialog', { name: 'Where are you sitting?' });
    expect(within(picker).getByRole('heading', { name: 'Where are you sitting?' })).toHaveFocus();
    const options = await within(picker).findAllByTestId('table-option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Table 12 seats · Free',
      'Table 34 seats · Occupied',
      'Terrace 124 seats · Reserved',
    ]);

    await userEvent.click(within(picker).getByRole('button', { name: /Terrace 12/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('current-table')).toHaveTextContent('Terrace 12');
    expect(screen.getByTestId('current-table')).toHaveFocus();
    expect(localStorage.getItem('table_id')).toBe('12');

    await userEvent.click(screen.getByTestId('current-table'));
    expect(await screen.findByRole('button', { name: /Terrace 12/, pressed: true })).toBeInTheDocument();
  });

  it('closes on Escape without changing the table', async () => {
    localStorage.setItem('table_id', '3');
    renderApp('/cart');
    await userEvent.click(await screen.findByRole('button', { name: 'Table 3, change table' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('table_id')).toBe('3');
  });

  it('says why the tables did not load and tries again on Retry', async () => {
    let calls = 0;
    server.use(
      http.get('http://localhost:3000/api/v1/tables', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { error: { code: 'invalid', message: 'Floor plan is being edited' } },
              { status: 409, headers: { 'X-Request-Id': 'ABCD-EFGH' } },
            )
          : HttpResponse.json(tables);
      }),
    );
    renderApp('/cart');
    await userEvent.click(await screen.findByTestId('current-table'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t load the tables');
    expect(alert).toHaveTextContent('Floor plan is being edited');
    // A refusal explains itself: no reference to quote.
    expect(within(alert).queryByTestId('error-reference')).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('table-option')).toHaveLength(3);
  });
});

describe('a table known from its QR link, on a slow phone', () => {
  it('shows the scanned table in the header while the floor plan loads, puts nothing above the dishes, then takes the table', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The menu from the fake provider; the floor plan held back.
    server.use(
      http.get('http://localhost:3000/api/v1/tables', async () => {
        await released;
        return HttpResponse.json(tables);
      }),
      ...fakeProvider().handlers,
    );
    renderApp('/?table=3&category_id=1');
    // The guest can order while the plan is on its way: the header says which table, and the menu holds only the menu
    // (a notice there would go when the plan arrives, moving the dishes under the guest's first taps).
    await screen.findAllByTestId('menu-item');
    expect(screen.getByTestId('current-table')).toHaveTextContent('Table 3');
    expect(within(screen.getByRole('main')).queryByText(/table 3/i)).not.toBeInTheDocument();
    expect(screen.queryByText('Which table are you at?')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pick your table' })).not.toBeInTheDocument();

    // The header's control still opens the picker; while the plan loads it says so instead of showing nothing.
    await userEvent.click(screen.getByTestId('current-table'));
    const picker = await screen.findByRole('dialog', { name: 'Where are you sitting?' });
    expect(within(picker).getByRole('status')).toHaveTextContent('Loading the restaurant’s tables…');
    await userEvent.keyboard('{Escape}');

    release();
    await waitFor(() => expect(localStorage.getItem('table_id')).toBe('3'));
    expect(screen.getByTestId('current-table')).toHaveTextContent('Table 3');
    expect(screen.queryByText('Which table are you at?')).not.toBeInTheDocument();
  });
});
