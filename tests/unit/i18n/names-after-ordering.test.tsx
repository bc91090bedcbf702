// After ordering, a guest reading Spanish sees the dishes and choices of the order page and of the table's bill in
// Spanish where the provider has them; a dish without a translation, or a provider without any (v1), keeps the
// restaurant's names the order carries.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { seatingSchema } from '../../../contract/bill';
import type { NewOrder } from '../../../contract/orders';
import { demoRestaurant } from '../../../server/seed/demo-restaurant';
import { providerErrorResponse } from '../../msw/provider-handlers';
import { activateLanguage } from '../../../src/ui/i18n/i18n';
import { setupMsw } from '../../support/msw-server';
import { renderApp } from '../../support/render-app';
import { API, fakeProvider, placeViaApi } from '../cart/support';

const provider = fakeProvider();
const server = setupMsw(...provider.handlers);
const TABLE = 5;

/** A soup with no choices, and a pizza in the large size with mushrooms. */
const soupAndPizza: NewOrder = {
  table_id: TABLE,
  items: [
    { menu_id: 1, quantity: 2 },
    { menu_id: 36, quantity: 1, choices: [3612, 3622] },
  ],
};

beforeEach(async () => {
  provider.reset();
  await activateLanguage('es');
});

/** This phone came by table 5's QR code and joined its seating; its orders carry the seating's key. */
async function atTableByQr(): Promise<string> {
  localStorage.setItem('table_id', String(TABLE));
  localStorage.setItem('table_key', JSON.stringify({ table_id: TABLE, key: provider.tableKey(TABLE) }));
  const response = await fetch(`${API}/table/seating`, {
    method: 'POST',
    headers: { Authorization: 'Bearer demo-token', 'X-Table-Key': provider.tableKey(TABLE) },
  });
  const seating = seatingSchema.parse(await response.json());
  localStorage.setItem('table_seating', JSON.stringify({ table_id: TABLE, status: 'joined', ...seating }));
  return seating.seating_key;
}

async function placeAtTable(seatingKey: string, order: NewOrder): Promise<void> {
  const response = await fetch(`${API}/orders`, {
    method: 'POST',
    headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json', 'X-Seating-Key': seatingKey },
    body: JSON.stringify(order),
  });
  expect(response.status).toBe(201);
}

/** A provider of contract v1 alone: its menu in its own names whatever the language asked, and no profile. */
function v1Provider() {
  server.use(
    http.get(`${API}/menu`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const items = demoRestaurant.menuItems
        .filter((item) =>
          [item.id, item.cat_id, item.sub_cat_id].every((id, at) => {
            const wanted = query.get(['menu_id', 'cat_id', 'sub_cat_id'][at]!);
            return wanted === null || Number(wanted) === id;
          }),
        )
        .map(({ options: _options, allergens: _allergens, ...item }) => item);
      return HttpResponse.json(items);
    }),
    http.get(`${API}/restaurant`, () => providerErrorResponse(404, 'Not found')),
  );
}

describe('a guest reading Spanish, after ordering', () => {
  it('sees the order page’s dishes and choices in Spanish; the kitchen’s order keeps the restaurant’s', async () => {
    const orderID = await placeViaApi(soupAndPizza);
    renderApp(`/cart?orderID=${orderID}`);
    expect(await screen.findByRole('heading', { level: 1, name: `Pedido ${orderID}` })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('order-line')[0]).toHaveTextContent('2 × Sopa de tomate asado'));
    const [soup, pizza] = screen.getAllByTestId('order-line');
    expect(soup).not.toHaveTextContent('Roasted Tomato Soup');
    expect(pizza).toHaveTextContent('1 × Jamón y rúcula');
    expect(within(pizza!).getByTestId('line-choices')).toHaveTextContent(/^Grande 36 cm, Champiñones$/);
    expect(provider.state.orders[0]?.lines.map((line) => line.name)).toEqual([
      'Roasted Tomato Soup',
      'Prosciutto & Rocket',
    ]);
  });

  it('sees the table’s bill in Spanish, every guest’s lines and their choices', async () => {
    const seatingKey = await atTableByQr();
    await placeAtTable(seatingKey, { ...soupAndPizza, guest: 'Ben' });
    renderApp('/table');
    const ben = await screen.findByRole('region', { name: 'Ben' });
    expect(await within(ben).findByText('2 × Sopa de tomate asado')).toBeInTheDocument();
    expect(within(ben).getByText('1 × Jamón y rúcula')).toBeInTheDocument();
    expect(within(ben).getByTestId('table-line-choices')).toHaveTextContent(/^Grande 36 cm, Champiñones$/);
    expect(within(ben).queryByText(/Roasted Tomato Soup|Prosciutto|Mushrooms/)).toBeNull();
  });

  it('keeps the restaurant’s name for a dish the provider has no Spanish for, beside the ones it has', async () => {
    const soup = provider.menu.snapshot.items.find((item) => item.id === 1)!;
    const { es, ...others } = soup.translations;
    soup.translations = others;
    onTestFinished(() => {
      soup.translations = { ...soup.translations, es: es! };
    });
    const seatingKey = await atTableByQr();
    await placeAtTable(seatingKey, { ...soupAndPizza, guest: 'Ben' });
    renderApp('/table');
    const ben = await screen.findByRole('region', { name: 'Ben' });
    expect(await within(ben).findByText('1 × Jamón y rúcula')).toBeInTheDocument();
    expect(within(ben).getByText('2 × Roasted Tomato Soup')).toBeInTheDocument();
  });

  it('against a provider without translations (v1), shows the order’s own names', async () => {
    v1Provider();
    const orderID = await placeViaApi({
      table_id: 3,
      items: [
        { menu_id: 1, quantity: 2 },
        { menu_id: 5, quantity: 1 },
      ],
    });
    const { queryClient } = renderApp(`/cart?orderID=${orderID}`);
    // The menu was asked for in Spanish and its answer, in the restaurant's names, is in before the lines are read.
    await waitFor(() =>
      expect(queryClient.getQueryData(['menu', {}, 'es'])).toHaveLength(demoRestaurant.menuItems.length),
    );
    await waitFor(() => expect(screen.getAllByTestId('order-line')).toHaveLength(2));
    const [soup, salad] = screen.getAllByTestId('order-line');
    expect(soup).toHaveTextContent('2 × Roasted Tomato Soup');
    expect(salad).toHaveTextContent('1 × Caesar Salad');
  });
});
