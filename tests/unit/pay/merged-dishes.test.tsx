// An order's dish sent in several lines (60 Caesar salads go as 20 + 20 + 20, the contract's most per line) reads as
// one dish on the Table page and on /pay, where the count chosen of it is spread back over the lines the share names.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { billSchema } from '../../../contract/bill';
import { createFakeProvider } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, ORIGIN } from '../cart/support';
import { rememberSeating, scan } from './support';

const provider = createFakeProvider({ origin: ORIGIN });
const server = setupMsw(...provider.handlers);
const TABLE = 5;
const FRENCH_ONION_SOUP = 2;
const CAESAR_SALAD = 5;

beforeEach(() => {
  provider.reset();
  window.scrollTo = vi.fn();
});

/** This phone scanned table 5 and ordered 60 Caesar salads (sent as the app sends them) and 2 onion soups. */
async function bigOrder() {
  const seating = await scan(provider, TABLE);
  rememberSeating(TABLE, seating, provider.tableKey(TABLE));
  const placed = await fetch(`${API}/orders`, {
    method: 'POST',
    headers: {
      Authorization: 'Bearer demo-token',
      'Content-Type': 'application/json',
      'X-Seating-Key': seating.seating_key,
    },
    body: JSON.stringify({
      table_id: TABLE,
      guest: 'Ana',
      items: [
        { menu_id: FRENCH_ONION_SOUP, quantity: 2 },
        { menu_id: CAESAR_SALAD, quantity: 20 },
        { menu_id: CAESAR_SALAD, quantity: 20 },
        { menu_id: CAESAR_SALAD, quantity: 20 },
      ],
    }),
  });
  expect(placed.status).toBe(201);
  const order = (await placed.json()) as { orderID: string; order_key: string };
  localStorage.setItem(
    'my_orders',
    JSON.stringify([
      { orderID: order.orderID, table_id: TABLE, placed_at: new Date().toISOString(), order_key: order.order_key },
    ]),
  );
  const bill = await fetch(`${API}/table/bill`, {
    headers: { Authorization: 'Bearer demo-token', 'X-Seating-Key': seating.seating_key },
  });
  const lines = billSchema.parse(await bill.json()).lines;
  return { salads: lines.filter((line) => line.menu_id === CAESAR_SALAD).map((line) => line.line_id) };
}

describe('a dish sent in several lines', () => {
  it('is one line on the Table page: 60 × Caesar Salad', async () => {
    await bigOrder();
    renderApp('/table');
    const order = await screen.findByTestId('table-bill-order');
    await waitFor(() => expect(within(order).getAllByRole('listitem')).toHaveLength(2));
    const [soup, salads] = within(order).getAllByRole('listitem');
    expect(soup).toHaveTextContent(/^2 × French Onion Soup$/);
    expect(salads).toHaveTextContent(/^60 × Caesar Salad$/);
  });

  it('is one row on /pay with its count; 25 of them are asked for as 20 + 5 of its lines', async () => {
    const { salads } = await bigOrder();
    const asked: unknown[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/table/bill/shares')) {
        void request
          .clone()
          .json()
          .then((body) => asked.push(body));
      }
    };
    server.events.on('request:start', listener);
    try {
      renderApp('/pay');
      const form = await screen.findByTestId('choose-share');
      expect(within(form).getAllByTestId('share-line')).toHaveLength(2);
      const soup = within(form).getByRole('checkbox', { name: /^2 × French Onion Soup · Ana \$8\.90 each$/ });
      expect(soup).toBeChecked();
      expect(within(form).getByRole('checkbox', { name: /^60 × Caesar Salad · Ana \$10\.50 each$/ })).toBeChecked();
      const howMany = within(form).getByRole('combobox', { name: 'How many Caesar Salad' });
      expect(howMany).toHaveValue('60');
      expect(within(howMany).getAllByRole('option')).toHaveLength(61);

      await userEvent.click(soup);
      await userEvent.selectOptions(howMany, '25');
      await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
      const card = await screen.findByTestId('demo-card');
      expect(within(card).getByTestId('share-total')).toHaveTextContent('$262.50');
      expect(asked).toEqual([
        {
          kind: 'items',
          lines: [
            { line_id: salads[0], quantity: 20 },
            { line_id: salads[1], quantity: 5 },
          ],
        },
      ]);
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });
});
