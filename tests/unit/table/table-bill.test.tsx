// The table's bill from the guest's side (contract v1.1 "Table sessions", v1.2 "Tables that last"): a QR scan joins
// the seating and keeps its key; the name asked once and sent with orders; the Table page grouped by guest with the
// total; the waiter call and "on my way"; a cleared table asks for a new scan; a v1.1 provider's table key still works.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { seatingSchema } from '../../../contract/bill';
import { tableBillPolling } from '../../../src/api/queries';
import { createFakeProvider } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, margherita, ORIGIN, seedCart } from '../cart/support';

const provider = createFakeProvider({ origin: ORIGIN, staff: { browserCookies: true } });
const server = setupMsw(...provider.handlers);
const TABLE = 5;

beforeEach(() => {
  provider.reset();
  window.scrollTo = vi.fn();
});

/** A phone's scan of table 5's printed code: its key to the seating. */
async function scan(): Promise<{ seating_id: number; seating_key: string; started_at: string }> {
  const response = await fetch(`${API}/table/seating`, {
    method: 'POST',
    headers: { Authorization: 'Bearer demo-token', 'X-Table-Key': provider.tableKey(TABLE) },
  });
  return seatingSchema.parse(await response.json());
}

/** This device came by table 5's QR code and joined its seating. */
async function atTableByQr() {
  localStorage.setItem('table_id', String(TABLE));
  localStorage.setItem('table_key', JSON.stringify({ table_id: TABLE, key: provider.tableKey(TABLE) }));
  const seating = await scan();
  localStorage.setItem('table_seating', JSON.stringify({ table_id: TABLE, status: 'joined', ...seating }));
  return seating;
}

/** Another phone at the table places an order under its own scan, as the provider would have it. */
async function otherPhoneOrders(guest: string | undefined, menuId: number, quantity: number) {
  const { seating_key } = await scan();
  const response = await fetch(`${API}/orders`, {
    method: 'POST',
    headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json', 'X-Seating-Key': seating_key },
    body: JSON.stringify({ table_id: TABLE, items: [{ menu_id: menuId, quantity }], ...(guest ? { guest } : {}) }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { orderID: string }).orderID;
}

describe('the table’s bill', () => {
  it('a QR scan joins the table’s seating and keeps its key; orders carry it', async () => {
    const placed = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/orders')) {
        placed(request.headers.get('X-Seating-Key'));
      }
    });
    seedCart(margherita);
    const { router } = renderApp(`/?table=${TABLE}&key=${provider.tableKey(TABLE)}&category_id=1`);
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('table_seating') ?? '{}')).toMatchObject({
        table_id: TABLE,
        status: 'joined',
      }),
    );
    const { seating_key: kept } = JSON.parse(localStorage.getItem('table_seating') ?? '{}') as { seating_key: string };
    await userEvent.click(within(await screen.findByTestId('guest-name-prompt')).getByRole('button', { name: 'Skip' }));
    await router.navigate({ to: '/cart' });
    await userEvent.click(await screen.findByTestId('place-order'));
    await screen.findByRole('heading', { level: 1, name: /^Order [0-9A-Z]{8}$/ });
    expect(placed).toHaveBeenCalledWith(kept);
    server.events.removeAllListeners();
  });

  it('keeps the scan’s key in the address until its join has answered, so a reload meanwhile scans again', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post(`${API}/table/seating`, async () => {
        await answered;
        return undefined;
      }),
    );
    const key = provider.tableKey(TABLE);
    const { router } = renderApp(`/?table=${TABLE}&key=${key}&category_id=1`);
    await waitFor(() => expect(localStorage.getItem('table_id')).toBe(String(TABLE)));
    expect(router.state.location.search).toMatchObject({ table: TABLE, key });

    answer();
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('key'));
    expect(router.state.location.search).not.toHaveProperty('table');
    expect(JSON.parse(localStorage.getItem('table_seating') ?? '{}')).toMatchObject({
      table_id: TABLE,
      status: 'joined',
    });
  });

  it('/table typed by hand right after a scan, before its join answered, joins and shows the table’s bill', async () => {
    const ben = await otherPhoneOrders('Ben', 47, 1);
    // What the scan's page had kept when it was left: the table and its code's key, and no seating yet.
    localStorage.setItem('table_id', String(TABLE));
    localStorage.setItem(
      'table_key',
      JSON.stringify({ table_id: TABLE, key: provider.tableKey(TABLE), scanned_at: Date.now() - 2_000 }),
    );
    renderApp('/table');
    const benGroup = await screen.findByRole('region', { name: 'Ben' });
    expect(within(benGroup).getByText(`Order ${ben}`)).toBeInTheDocument();
    expect(screen.queryByText('Scan your table’s QR code to see its bill')).toBeNull();
    expect(JSON.parse(localStorage.getItem('table_seating') ?? '{}')).toMatchObject({
      table_id: TABLE,
      status: 'joined',
    });
  });

  it('a link naming table 4 with table 3’s key orders for table 3 and shows its bill as table 3’s', async () => {
    const window3 = provider.tableKey(3);
    const { seating_key } = seatingSchema.parse(
      await (
        await fetch(`${API}/table/seating`, {
          method: 'POST',
          headers: { Authorization: 'Bearer demo-token', 'X-Table-Key': window3 },
        })
      ).json(),
    );
    const placed = await fetch(`${API}/orders`, {
      method: 'POST',
      headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json', 'X-Seating-Key': seating_key },
      body: JSON.stringify({ table_id: 3, guest: 'Ben', items: [{ menu_id: 47, quantity: 1 }] }),
    });
    expect(placed.status).toBe(201);

    const { router } = renderApp(`/?table=4&key=${window3}&category_id=1`);
    expect(
      await screen.findByText('This code is for Window 3, not Window 4, so this phone orders for Window 3.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('current-table')).toHaveTextContent('Window 3');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('table-key-opened')).toBeNull();

    await router.navigate({ to: '/table' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Window 3: the table’s bill' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Ben' })).toHaveTextContent('1 × Tiramisu');
    expect(screen.queryByText(/Window 4/)).toBeNull();
  });

  it('a code whose key is no longer the table’s says so once, on the menu, the waiter’s button and the Table page', async () => {
    seedCart(margherita);
    const { router } = renderApp(`/?table=${TABLE}&key=wrong&category_id=1`);
    const notice = await screen.findByTestId('table-key-refused');
    expect(notice).toHaveTextContent('This table’s code has changed. Ask the staff for the current one.');
    expect(localStorage.getItem('table_id')).toBe(String(TABLE));
    await userEvent.click(within(notice).getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('table-key-refused')).toBeNull();
    // The refused key is not kept to be sent again, and no name is asked for a seating this phone is not in.
    expect(localStorage.getItem('table_key')).toBeNull();
    expect(screen.queryByTestId('guest-name-prompt')).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: 'Call the waiter' }));
    expect(
      await screen.findByText('This table’s code has changed. Ask the staff for the current one.'),
    ).toBeInTheDocument();

    await router.navigate({ to: '/table' });
    await screen.findByRole('heading', { level: 1, name: /the table’s bill/ });
    expect(
      await screen.findByText('This table’s code has changed. Ask the staff for the current one.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Scan your table’s QR code to see its bill')).toBeNull();
  });

  it('asks a QR guest for a first name once and sends it with the order', async () => {
    await atTableByQr();
    seedCart(margherita);
    const { router } = renderApp('/?category_id=1');
    const prompt = await screen.findByTestId('guest-name-prompt');
    await userEvent.type(within(prompt).getByLabelText('Your first name (optional)'), '  Ana ');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.queryByTestId('guest-name-prompt')).toBeNull());
    expect(JSON.parse(localStorage.getItem('guest_name') ?? '{}')).toEqual({ name: 'Ana' });

    await router.navigate({ to: '/cart' });
    await userEvent.click(await screen.findByTestId('place-order'));
    await screen.findByRole('heading', { level: 1, name: /^Order [0-9A-Z]{8}$/ });
    expect(provider.state.orders.map((order) => order.guest)).toEqual(['Ana']);
  });

  it('Skip remembers that the guest was asked, with no name', async () => {
    await atTableByQr();
    renderApp('/?category_id=1');
    await userEvent.click(within(await screen.findByTestId('guest-name-prompt')).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByTestId('guest-name-prompt')).toBeNull());
    expect(JSON.parse(localStorage.getItem('guest_name') ?? '{}')).toEqual({ name: null });
  });

  it('asks for the name in a dialog over the menu that leaves the guest’s focus where it was; Escape is Skip', async () => {
    await atTableByQr();
    const user = userEvent.setup();
    renderApp('/?category_id=1');
    const search = await screen.findByRole('searchbox');
    await user.click(search);
    const prompt = await screen.findByRole('dialog', { name: 'Ordering with friends?' });
    expect(prompt).toHaveAccessibleDescription(/It shows on the table’s bill/);
    expect(prompt).not.toHaveAttribute('aria-modal', 'true');
    // What the guest was doing goes on: the prompt took neither focus nor keys.
    expect(search).toHaveFocus();
    await user.keyboard('soup');
    expect(search).toHaveValue('soup');

    await user.click(within(prompt).getByLabelText('Your first name (optional)'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ordering with friends?' })).toBeNull());
    expect(JSON.parse(localStorage.getItem('guest_name') ?? '{}')).toEqual({ name: null });
    // Back where the guest came from, not lost on the page.
    expect(search).toHaveFocus();
  });

  it('does not ask for a name at a table chosen without its QR code', async () => {
    localStorage.setItem('table_id', '3');
    renderApp('/?category_id=1');
    await screen.findByRole('link', { name: 'Clam Chowder' });
    expect(screen.queryByTestId('guest-name-prompt')).toBeNull();
  });

  it('shows every order of the seating grouped by guest, with the table total and the bill; other phones’ orders are not marked as yours', async () => {
    await atTableByQr();
    const ben = await otherPhoneOrders('Ben', 47, 2);
    const nameless = await otherPhoneOrders(undefined, 33, 1);
    renderApp('/table');
    const benGroup = await screen.findByRole('region', { name: 'Ben' });
    expect(within(benGroup).getByText(`Order ${ben}`)).toBeInTheDocument();
    expect(within(benGroup).getByText('2 × Tiramisu')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Without a name' })).getByText(`Order ${nameless}`)).toBeVisible();
    expect(screen.getByTestId('table-total')).toHaveTextContent('$26.50');
    expect(screen.queryByText(/\(yours\)/)).toBeNull();
    expect(await screen.findByTestId('bill-balance')).toHaveTextContent('$26.50');
    expect(screen.getByTestId('pay-link')).toHaveTextContent('Pay ($26.50 left)');
  });

  it('calls the waiter after a confirmation, says a waiter is on the way, then that someone is coming', async () => {
    // The page reads the table again every 5 s; sooner here, where the test waits for that read.
    const polling = tableBillPolling.ms;
    tableBillPolling.ms = 300;
    onTestFinished(() => {
      tableBillPolling.ms = polling;
    });
    await atTableByQr();
    await otherPhoneOrders('Ben', 47, 1);
    renderApp('/table');
    await userEvent.click(await screen.findByRole('button', { name: 'Call the waiter' }));
    const dialog = await screen.findByTestId('confirm-waiter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, call the waiter' }));
    expect(await screen.findByText('A waiter is on the way.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Call the waiter' })).toBeDisabled();
    expect(provider.tables.requests).toEqual([expect.objectContaining({ table_id: TABLE, kind: 'waiter' })]);
    // Not now: nothing is asked.
    await userEvent.click(screen.getByRole('button', { name: 'Ask for the bill' }));
    await userEvent.click(within(await screen.findByTestId('confirm-bill')).getByRole('button', { name: 'Not now' }));
    expect(provider.tables.requests).toHaveLength(1);
    // A waiter answers "on my way": the page says so once it reads the table's orders again.
    const [request] = provider.tables.requests;
    if (request) request.acknowledged_at = new Date().toISOString();
    expect(await screen.findByText('Someone is on their way to your table.', {})).toBeInTheDocument();
  });

  it('calls the waiter from the menu’s header, one tap and its confirmation, for a guest who scanned', async () => {
    await atTableByQr();
    localStorage.setItem('guest_name', JSON.stringify({ name: null }));
    renderApp('/?category_id=1');
    await screen.findByRole('heading', { level: 1, name: 'Menu' });
    await userEvent.click(await screen.findByRole('button', { name: 'Call the waiter' }));
    await userEvent.click(
      within(await screen.findByTestId('confirm-waiter')).getByRole('button', { name: 'Yes, call the waiter' }),
    );
    expect(await screen.findByText('A waiter is on the way.')).toBeInTheDocument();
    expect(provider.tables.requests).toEqual([expect.objectContaining({ table_id: TABLE, kind: 'waiter' })]);
  });

  it('on the very first scan, offers Call the waiter on the menu as soon as the phone has joined the seating', async () => {
    // A slow join: the menu and its header's pieces are up before the provider answers the scan.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(`${API}/table/seating`, async () => {
        await answered;
        return undefined;
      }),
    );
    renderApp(`/?table=${TABLE}&key=${provider.tableKey(TABLE)}&category_id=1`);
    await screen.findByRole('heading', { level: 1, name: 'Menu' });
    // The name prompt comes with the header's other deferred piece, Call the waiter, still waiting for the seating.
    await screen.findByLabelText('Your first name (optional)');
    expect(screen.queryByRole('button', { name: 'Call the waiter' })).toBeNull();
    answer();
    expect(await screen.findByRole('button', { name: 'Call the waiter' })).toBeEnabled();
  });

  it('tells a guest who picked the table by hand why the phone cannot call the waiter, and calls nobody', async () => {
    localStorage.setItem('table_id', '3');
    renderApp('/?category_id=1');
    const button = await screen.findByRole('button', { name: 'Call the waiter' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/needs the QR code on your table: scan it, or wave to a member of staff/)).toBeVisible();
    expect(screen.queryByTestId('confirm-waiter')).not.toBeInTheDocument();
    expect(provider.tables.requests).toEqual([]);
  });

  it('without a scan, explains that the QR code shows the bill, and asks the provider nothing', async () => {
    const asked = vi.fn();
    server.use(http.get(`${API}/table/orders`, () => void asked()));
    localStorage.setItem('table_id', '3');
    renderApp('/table');
    expect(await screen.findByText('Scan your table’s QR code to see its bill')).toBeInTheDocument();
    expect(asked).not.toHaveBeenCalled();
  });

  it('once the table is cleared, asks for a new scan, never rejoining with the kept key', async () => {
    await atTableByQr();
    await otherPhoneOrders('Ben', 47, 1);
    provider.staff.signInBrowser('manager');
    await fetch(`${API}/staff/tables/${TABLE}/clear`, {
      method: 'POST',
      headers: { Authorization: 'Bearer demo-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'the party left' }),
    });
    const joined = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.endsWith('/table/seating')) joined();
    });
    renderApp('/table');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('table_seating') ?? '{}')).toMatchObject({ status: 'ended' }),
    );
    expect(await screen.findByText('This table was cleared since you scanned its code')).toBeInTheDocument();
    expect(joined).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it('against a v1.1 provider (no seatings), the table’s printed key opens its orders, as before', async () => {
    server.use(
      http.post(`${API}/table/seating`, () =>
        HttpResponse.json(
          { error: { code: 'not_found', message: 'There is no POST /table/seating' } },
          { status: 404 },
        ),
      ),
      http.get(`${API}/table/orders`, ({ request }) =>
        request.headers.get('X-Table-Key') === provider.tableKey(TABLE)
          ? HttpResponse.json({ table_id: TABLE, seating_started_at: null, orders: [], total: 0 })
          : HttpResponse.json({ error: { code: 'not_found', message: 'No such table' } }, { status: 404 }),
      ),
    );
    renderApp(`/?table=${TABLE}&key=${provider.tableKey(TABLE)}&category_id=1`);
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('table_seating') ?? '{}')).toMatchObject({ status: 'unsupported' }),
    );
    renderApp('/table');
    expect(await screen.findByText('Nothing ordered at this table yet')).toBeInTheDocument();
    expect(screen.queryByTestId('bill-summary')).toBeNull();
  });

  it('against a provider without table bills (404), says the bill is not available', async () => {
    server.use(
      http.get(`${API}/table/orders`, () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'There is no GET /table/orders' } }, { status: 404 }),
      ),
    );
    localStorage.setItem('table_id', String(TABLE));
    localStorage.setItem('table_key', JSON.stringify({ table_id: TABLE, key: provider.tableKey(TABLE) }));
    localStorage.setItem('table_seating', JSON.stringify({ table_id: TABLE, status: 'unsupported' }));
    renderApp('/table');
    expect(await screen.findByText('The table’s bill is not available')).toBeInTheDocument();
  });
});
