// The kitchen at rush on a 1024×768 tablet: 40 orders for two stations, each station's rail with only its lines,
// bump keys, recall, an add-on with its sound, an allergy acknowledged, the expo, and fake network printers (one
// ticket per station per order; a stopped printer holds no order and prints once it is back); axe on every screen.
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { createServer, type Server, type Socket } from 'node:net';
import { expectNoAxeViolations } from './support/axe';
import { AUTH, COOK, MANAGER, startConsoleProvider, type ConsoleSetup } from './support/console';
import type { ProviderProcess } from './support/provider-process';
import { screenshotIfAsked } from './support/screenshots';

const MARGHERITA = 33; // the kitchen's; declares gluten and milk
const QUATTRO_FORMAGGI = 35; // the kitchen's; its Size is required
const CAESAR_SALAD = 5; // the kitchen's; declares eggs, fish, gluten and milk
const GREEK_SALAD = 6; // the kitchen's; declares milk
const COLA = 58; // the bar's (the Drinks category)
const TABLET = { width: 1024, height: 768 };

/** A raw port-9100 printer on 127.0.0.1 that keeps each connection's printable text. */
class FakePrinter {
  readonly tickets: string[] = [];
  port = 0;
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  async start(port = 0): Promise<void> {
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => {
        this.tickets.push(
          (
            Buffer.concat(chunks)
              .toString('latin1')
              .match(/[\x20-\x7e]{3,}/g) ?? []
          ).join('\n'),
        );
        socket.end();
      });
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Tickets that name the order. */
  for(orderID: string): string[] {
    return this.tickets.filter((ticket) => ticket.includes(orderID));
  }
}

interface Placed {
  orderID: string;
  order_key?: string;
}

let provider: ProviderProcess;
let signIn: ConsoleSetup['signIn'];
let api: APIRequestContext;
const kitchenPrinter = new FakePrinter();
const barPrinter = new FakePrinter();

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(150_000);
  await Promise.all([kitchenPrinter.start(), barPrinter.start()]);
  ({ provider, signIn } = await startConsoleProvider(playwright, {
    env: { PROVIDER_TABLE_ORDERS_PER_MINUTE: '100', PROVIDER_PRINT_RETRY_MAX_SECONDS: '1' },
  }));
  api = await playwright.request.newContext({ baseURL: provider.url, extraHTTPHeaders: AUTH });
  expect((await api.post('/api/v1/staff/session', { data: MANAGER })).status()).toBe(201);
  for (const [name, station, printer] of [
    ['Hot line', 'kitchen', kitchenPrinter],
    ['Bar', 'bar', barPrinter],
  ] as const) {
    const added = await api.post('/api/v1/staff/printers', {
      data: { name, station, host: '127.0.0.1', port: printer.port, width: 80 },
    });
    expect(added.status()).toBe(201);
  }
});
test.afterAll(async () => {
  await api?.dispose();
  await provider?.dispose();
  await Promise.all([kitchenPrinter.stop(), barPrinter.stop()]);
});

async function place(order: object): Promise<Placed> {
  // The request client keeps its connection open between orders; one the provider closes as idle just as an order
  // goes out is reset (ECONNRESET) and sent again, with the same key so it can never make two orders.
  const response = await api.post('/api/v1/orders', {
    data: order,
    headers: { 'Idempotency-Key': randomUUID() },
    maxRetries: 2,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Placed;
}

/** A tablet at `station` (or the expo) with the console's sounds recorded in window.__sounds. */
async function tablet(page: Page, station: string) {
  await page.setViewportSize(TABLET);
  await page.addInitScript(() => {
    const played: string[] = [];
    (window as unknown as { __sounds: string[] }).__sounds = played;
    window.addEventListener('console-sound', (event) => played.push(String((event as CustomEvent).detail)));
  });
  await signIn(page, COOK, `/staff?station=${station}`);
  await expect(page.getByTestId('ticket-rail')).toHaveAttribute('aria-busy', 'false');
}

const tickets = (page: Page) => page.locator('[data-testid="order-card"]');
const ticket = (page: Page, orderID: string) => page.locator(`[data-testid="order-card"][data-order-id="${orderID}"]`);

/** How many tickets lie wholly inside the window. */
async function inView(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll('[data-testid="order-card"]')].filter((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
      }).length,
  );
}

/**
 * What on the rail's tickets is cut: a card or anything in it whose content is taller or wider than its box, or a
 * button whose label wraps.
 */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="order-card"]')].flatMap((card) => {
      const box = card.getBoundingClientRect();
      const shown = [card, ...card.querySelectorAll<HTMLElement>('*')].filter(
        // Text only for screen readers sits in a 1-px box on purpose.
        (element) => !element.closest('.visually-hidden'),
      );
      return shown.flatMap((element) => {
        const inner = element.getBoundingClientRect();
        const where = `${card.dataset.orderId} <${element.tagName.toLowerCase()} class="${element.className}">`;
        if (element.scrollHeight > element.clientHeight + 1 && element.clientHeight > 0)
          return [`${where} is cut at its bottom`];
        if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0)
          return [`${where} is cut at its side`];
        if (inner.bottom > box.bottom + 1 || inner.right > box.right + 1) return [`${where} overflows its card`];
        if (element.matches('button, a, kbd')) {
          // A button's word broken over two lines ("Bu mp") is as hard to read as a cut one.
          const text = document.createRange();
          text.selectNodeContents(element);
          const lines = new Set([...text.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) return [`${where} breaks its label over ${lines.size} lines`];
        }
        return [];
      });
    }),
  );
}

test('a ticket with a dish’s choices, its allergens and the guest’s allergies shows all of it on a tablet', async ({
  browser,
}) => {
  const menu = (await (await api.get(`/api/v1/menu?menu_id=${QUATTRO_FORMAGGI}`)).json()) as {
    options?: { choices: { id: number; name: string }[] }[];
  }[];
  const choices = (menu[0]?.options ?? []).flatMap((group) =>
    group.choices
      .filter((choice) => ['Large 36 cm', 'Extra mozzarella'].includes(choice.name))
      .map((choice) => choice.id),
  );
  expect(choices).toHaveLength(2);
  const placed = await place({
    table_id: 12,
    allergies: ['peanuts', 'sesame'],
    items: [
      { menu_id: QUATTRO_FORMAGGI, quantity: 1, choices, note: 'well done, please' },
      { menu_id: MARGHERITA, quantity: 2 },
    ],
  });

  const cook = await (await browser.newContext({ viewport: TABLET })).newPage();
  await tablet(cook, 'kitchen');
  const card = ticket(cook, placed.orderID);
  await expect(card).toContainText('contains: gluten, milk');
  // The table's name is read whole, not "Terra…" (the timer wraps under it instead).
  await expect(card.getByRole('heading', { level: 3 })).toContainText('Terrace 12');
  expect(await clipped(cook)).toEqual([]);
  await card.getByRole('button', { name: 'Acknowledge allergy' }).click();
  expect(await clipped(cook)).toEqual([]);
  await screenshotIfAsked(cook, 'kitchen-ticket-whole', { fullPage: false });

  // Bumped, so the rush below starts with an empty rail.
  await card.getByRole('button', { name: 'Bump' }).click();
  await expect(card).toHaveCount(0);
  await cook.context().close();
});

/** How the element's own ring is drawn: the card must show none while a control or its heading has the focus. */
const outlineOf = (element: Locator) => element.evaluate((node) => getComputedStyle(node).outlineStyle);

test('an allergy acknowledged on one tablet is known on the others at once; by keyboard the focus goes to the next step, ringed alone', async ({
  browser,
}) => {
  const placed = await place({ table_id: 9, allergies: ['peanuts'], items: [{ menu_id: MARGHERITA, quantity: 1 }] });
  const expo = await (await browser.newContext({ viewport: TABLET })).newPage();
  await tablet(expo, 'expo');
  const cook = await (await browser.newContext({ viewport: TABLET })).newPage();
  await tablet(cook, 'kitchen');
  const atExpo = ticket(expo, placed.orderID);
  const atKitchen = ticket(cook, placed.orderID);
  await expect(atKitchen.getByRole('button', { name: 'Acknowledge allergy' })).toBeVisible();

  // At the expo the ticket still waits for the kitchen, so Served is not open yet: focus goes to the ticket's name.
  await atExpo.getByRole('button', { name: 'Acknowledge allergy' }).focus();
  await expo.keyboard.press('Enter');
  await expect(atExpo.getByTestId('allergy-banner')).toContainText(/acknowledged \d\d:\d\d/);
  await expect(atExpo.getByRole('heading', { level: 3 })).toBeFocused();
  expect(await outlineOf(atExpo.getByRole('heading', { level: 3 }))).toBe('solid');
  expect(await outlineOf(atExpo)).toBe('none');
  await expectNoAxeViolations(expo, 'the expo after an allergy is acknowledged');

  // The provider records it, and the kitchen's tablet learns it from the live stream: it does not ask again.
  await expect(atKitchen.getByTestId('allergy-banner')).toContainText(/acknowledged \d\d:\d\d/);
  await expect(atKitchen.getByRole('button', { name: 'Acknowledge allergy' })).toHaveCount(0);
  await expect(atKitchen.getByRole('button', { name: 'Bump' })).toBeEnabled();

  // At the kitchen, Bump is free once acknowledged: it has the focus and the only ring.
  const second = await place({ table_id: 9, allergies: ['sesame'], items: [{ menu_id: MARGHERITA, quantity: 1 }] });
  const next = ticket(cook, second.orderID);
  await next.getByRole('button', { name: 'Acknowledge allergy' }).focus();
  await cook.keyboard.press('Enter');
  const bump = next.getByRole('button', { name: 'Bump' });
  await expect(bump).toBeFocused();
  expect(await outlineOf(bump)).toBe('solid');
  expect(await outlineOf(next)).toBe('none');

  // Enter bumps it; both are bumped and the expo hands them over, so the rush below starts with empty rails.
  await cook.keyboard.press('Enter');
  await expect(next).toHaveCount(0);
  await atKitchen.getByRole('button', { name: 'Bump' }).click();
  await expect(atKitchen).toHaveCount(0);
  for (const orderID of [placed.orderID, second.orderID]) {
    await ticket(expo, orderID).getByRole('button', { name: 'Served' }).click();
    await expect(ticket(expo, orderID)).toHaveCount(0);
  }
  await cook.context().close();
  await expo.context().close();
});

test('a rush on two stations: rails, keys, recall, add-on, allergy, expo and printed tickets', async ({ browser }) => {
  test.setTimeout(300_000);
  // 40 orders placed by a script: every other one has a drink for the bar.
  const placed: { order: Placed; bar: boolean }[] = [];
  for (let index = 0; index < 40; index += 1) {
    const bar = index % 2 === 0;
    const items = [{ menu_id: MARGHERITA, quantity: 1 + (index % 3) }];
    if (bar) items.push({ menu_id: COLA, quantity: 1 });
    placed.push({ order: await place({ table_id: 1 + (index % 12), items }), bar });
  }

  const cook = await (await browser.newContext({ viewport: TABLET })).newPage();
  await tablet(cook, 'kitchen');
  await expect(cook.getByTestId('rail-count')).toContainText('of 40');
  await screenshotIfAsked(cook, 'kitchen-rail', { fullPage: false });
  expect(await inView(cook)).toBeGreaterThanOrEqual(12);
  expect(await clipped(cook)).toEqual([]);
  await expect(cook.getByTestId('rail-count')).toContainText('more on the next pages');
  await expect(tickets(cook).filter({ hasText: 'Cola' })).toHaveCount(0);
  await expect(cook.getByTestId('all-day')).toContainText(/\d+ Margherita/);
  await expect(cook.getByText('Keys: 1–9 pick a ticket')).toBeVisible();
  await expectNoAxeViolations(cook, 'the kitchen station’s rail');

  const barTablet = await (await browser.newContext({ viewport: TABLET })).newPage();
  await tablet(barTablet, 'bar');
  await expect(barTablet.getByTestId('rail-count')).toContainText('of 20');
  expect(await inView(barTablet)).toBeGreaterThanOrEqual(12);
  await expect(tickets(barTablet).filter({ hasText: 'Margherita' })).toHaveCount(0);
  await expect(tickets(barTablet).first()).toContainText('also at: kitchen');
  await expectNoAxeViolations(barTablet, 'the bar’s rail');

  // Bump by keys: 1 picks the oldest ticket, Enter bumps it; R brings it back.
  const oldest = placed[0]?.order.orderID ?? '';
  await cook.keyboard.press('1');
  await expect(ticket(cook, oldest)).toBeFocused();
  await cook.keyboard.press('Enter');
  await expect(ticket(cook, oldest)).toHaveCount(0);
  // The ticket leaves at once; R has something to recall once the provider has taken the bump.
  await expect(cook.getByRole('button', { name: 'Recall last bumped' })).toBeEnabled();
  await cook.keyboard.press('r');
  await expect(ticket(cook, oldest)).toBeVisible();
  await expect(cook.getByTestId('board-notice')).toContainText('Recalled');

  // The expo sees the order ready only when both stations have bumped it.
  const expo = await (await browser.newContext({ viewport: TABLET })).newPage();
  await tablet(expo, 'expo');
  const both = placed[2]?.order.orderID ?? '';
  await expect(ticket(expo, both).getByTestId('ticket-waiting')).toHaveText('waiting for: kitchen, bar');
  await ticket(cook, both).getByRole('button', { name: 'Bump' }).click();
  await expect(ticket(expo, both).getByTestId('ticket-waiting')).toHaveText('waiting for: bar');
  await expect(ticket(expo, both).getByRole('button', { name: 'Served' })).toBeDisabled();
  await ticket(barTablet, both).getByRole('button', { name: 'Bump' }).click();
  await expect(ticket(expo, both).getByTestId('ticket-waiting')).toHaveText('all stations done');
  await expect(ticket(expo, both).getByRole('button', { name: 'Served' })).toBeEnabled();
  await expectNoAxeViolations(expo, 'the expo');

  // An add-on: marked with its time, and its own sound.
  const addTo = placed[1]?.order as Placed;
  const added = await api.post('/api/v1/menu', {
    data: { orderID: addTo.orderID, menu_id: MARGHERITA, quantity: 1, note: 'extra crispy' },
    headers: addTo.order_key ? { 'X-Order-Key': addTo.order_key } : {},
  });
  expect(added.status()).toBe(201);
  await expect(ticket(cook, addTo.orderID).getByTestId('ticket-added')).toContainText(/ADDED \d\d:\d\d/);
  await expect
    .poll(() => cook.evaluate(() => (window as unknown as { __sounds: string[] }).__sounds))
    .toContain('addon');

  // An allergy shouts and must be acknowledged before the ticket can be bumped.
  const allergic = await place({ table_id: 3, items: [{ menu_id: MARGHERITA, quantity: 1 }], allergies: ['peanuts'] });
  await expect
    .poll(() => cook.evaluate(() => (window as unknown as { __sounds: string[] }).__sounds))
    .toContain('ticket');
  const shouting = ticket(cook, allergic.orderID);
  await cook.getByRole('button', { name: 'Newer →' }).click();
  while ((await shouting.count()) === 0 && (await cook.getByRole('button', { name: 'Newer →' }).isEnabled()))
    await cook.keyboard.press('ArrowRight');
  await expect(shouting.getByTestId('allergy-banner')).toContainText('ALLERGY: peanuts');
  await expect(shouting.getByRole('button', { name: 'Bump' })).toBeDisabled();
  await expectNoAxeViolations(cook, 'a ticket with an allergy');
  await shouting.getByRole('button', { name: 'Acknowledge allergy' }).click();
  await shouting.getByRole('button', { name: 'Bump' }).click();
  await expect(shouting).toHaveCount(0);

  // Printed tickets: one per station per order, with that station's lines. Printing is after the answer and in the
  // background, so the count alone can be reached before every order's ticket is in: each order's is waited for.
  const kitchenTicketsOf = (orderID: string) => kitchenPrinter.for(orderID).filter((text) => !/ADD/.test(text));
  await expect
    .poll(() => placed.filter(({ order }) => kitchenTicketsOf(order.orderID).length === 0).length, { timeout: 30_000 })
    .toBe(0);
  await expect.poll(() => barPrinter.tickets.length, { timeout: 30_000 }).toBe(20);
  for (const { order, bar } of placed) {
    expect(kitchenTicketsOf(order.orderID)).toHaveLength(1);
    expect(barPrinter.for(order.orderID)).toHaveLength(bar ? 1 : 0);
  }
  expect(barPrinter.tickets.join('\n')).not.toContain('Margherita');

  // A stopped printer holds no order back; its ticket prints once it is back.
  const port = barPrinter.port;
  await barPrinter.stop();
  const whileDown = await place({ table_id: 4, items: [{ menu_id: COLA, quantity: 2 }] });
  // The rail pages oldest first: the new ticket is on its last page, reached with the bump bar's arrow.
  await expect(async () => {
    if ((await ticket(barTablet, whileDown.orderID).count()) === 0) await barTablet.keyboard.press('ArrowRight');
    await expect(ticket(barTablet, whileDown.orderID)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const manager = await (await browser.newContext({ viewport: TABLET })).newPage();
  await signIn(manager, MANAGER, '/staff/printers');
  await expect(manager.getByTestId('printer').filter({ hasText: 'Bar' }).getByTestId('printer-state')).toContainText(
    'Not printing',
    { timeout: 20_000 },
  );
  await expectNoAxeViolations(manager, 'the printers screen');
  await barPrinter.start(port);
  await expect.poll(() => barPrinter.for(whileDown.orderID).length, { timeout: 30_000 }).toBe(1);
  await expect(manager.getByTestId('printer').filter({ hasText: 'Bar' }).getByTestId('printer-state')).toContainText(
    'Ready',
    { timeout: 20_000 },
  );
});

/** The kitchen's rail starts empty: what earlier tests left there is bumped. */
async function emptyKitchenRail() {
  const open = (await (await api.get('/api/v1/staff/orders?status=open&station=kitchen')).json()) as Placed[];
  for (const order of open)
    expect((await api.post(`/api/v1/staff/orders/${order.orderID}/done`, { data: { station: 'kitchen' } })).ok()).toBe(
      true,
    );
}

test('with many dishes waiting, the all-day counts keep to one line and the rest are behind "+N more"', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await emptyKitchenRail();
  // Sixteen of the kitchen's dishes that need no choice (categories 1–4; 5 is the bar's).
  const dishes: number[] = [];
  for (const category of [1, 2, 3, 4]) {
    const items = (await (await api.get(`/api/v1/menu?cat_id=${category}`)).json()) as {
      id: number;
      available?: boolean;
      options?: { min: number }[];
    }[];
    for (const item of items)
      if (item.available !== false && (item.options ?? []).every((group) => group.min === 0)) dishes.push(item.id);
  }
  const chosen = dishes.slice(0, 16);
  expect(chosen).toHaveLength(16);
  const placed: Placed[] = [];
  for (let index = 0; index < chosen.length; index += 4)
    placed.push(
      await place({
        table_id: 1 + index / 4,
        items: chosen.slice(index, index + 4).map((menu_id) => ({ menu_id, quantity: 1 })),
      }),
    );

  const cook = await (await browser.newContext({ viewport: TABLET })).newPage();
  await tablet(cook, 'kitchen');
  const strip = cook.getByTestId('all-day');
  const more = strip.getByRole('button', { name: /^\+\d+ more$/ });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  const closed = await strip.evaluate((element) => element.getBoundingClientRect().height);
  expect(closed, 'one line').toBeLessThan(40);
  const hidden = Number(/\d+/.exec(await more.innerText())?.[0]);
  expect(hidden).toBeGreaterThan(0);
  // What shows fits whole on the line: every count shown ends before the button.
  await expect(strip.locator('li:visible')).toHaveCount(16 - hidden);
  const shownEnds = await strip
    .locator('li:visible')
    .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().right));
  const buttonStarts = await more.evaluate((element) => element.getBoundingClientRect().left);
  expect(Math.max(...shownEnds)).toBeLessThanOrEqual(buttonStarts);
  await screenshotIfAsked(cook, 'kitchen-all-day-one-line', { fullPage: false });

  await more.click();
  const fewer = strip.getByRole('button', { name: 'Show fewer' });
  await expect(fewer).toHaveAttribute('aria-expanded', 'true');
  await expect(fewer).toBeFocused();
  await expect(strip.locator('li:visible')).toHaveCount(16);
  expect(await strip.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(closed);
  await expectNoAxeViolations(cook, 'the kitchen with every all-day count shown');
  await fewer.press('Enter');
  await expect(more).toBeFocused();
  await expect(strip.locator('li:visible')).toHaveCount(16 - hidden);
  await cook.context().close();
  for (const order of placed)
    await api.post(`/api/v1/staff/orders/${order.orderID}/done`, { data: { station: 'kitchen' } });
});

test('on a 1024 × 768 tablet a page holds 12 two-dish tickets, each as tall as what it holds, live or not', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await emptyKitchenRail();
  const placed: Placed[] = [];
  for (let index = 0; index < 12; index += 1)
    placed.push(
      await place({
        table_id: 1 + index,
        items: [
          { menu_id: CAESAR_SALAD, quantity: 1 },
          { menu_id: GREEK_SALAD, quantity: 1 + (index % 2) },
        ],
      }),
    );
  const cook = await (await browser.newContext({ viewport: TABLET })).newPage();
  await tablet(cook, 'kitchen');
  await expect(cook.getByTestId('rail-count')).toContainText('of 12');
  await screenshotIfAsked(cook, 'kitchen-rail-two-dish', { fullPage: false });
  // The rail measures itself once what sits above it has settled: the page holds 12 once it has.
  await expect(tickets(cook)).toHaveCount(12);
  expect(await inView(cook)).toBe(12);
  expect(await clipped(cook)).toEqual([]);
  // No blank stretch inside a ticket: its buttons come straight after its dishes.
  for (const card of await tickets(cook).all()) {
    const gap = await card.evaluate((element) => {
      const lines = element.querySelector('.ticket__lines')!.getBoundingClientRect();
      const actions = element.querySelector('.ticket__actions')!.getBoundingClientRect();
      return actions.top - lines.bottom;
    });
    expect(gap).toBeLessThan(12);
  }
  // A notice shown above the console's page (as the session warning is) moves the rail down without resizing it or
  // its section: the rail pages again, so every ticket on it stays in view.
  await cook.evaluate(() => {
    const notice = document.createElement('div');
    notice.style.height = '120px';
    document.querySelector('main')?.before(notice);
  });
  await expect(tickets(cook)).not.toHaveCount(12);
  expect(await inView(cook)).toBe(await tickets(cook).count());
  // With no live connection the board says it checks every few seconds: the bar keeps to one line, the page its 12.
  const polling = await (await browser.newContext({ viewport: TABLET })).newPage();
  await polling.route('**/api/v1/staff/events**', (route) => route.abort());
  await tablet(polling, 'kitchen');
  await expect(polling.getByTestId('board-mode')).toHaveText('Checking for orders every few seconds');
  await expect(tickets(polling)).toHaveCount(12);
  expect(await inView(polling)).toBe(12);
  await screenshotIfAsked(polling, 'kitchen-rail-polling', { fullPage: false });
  for (const order of placed)
    await api.post(`/api/v1/staff/orders/${order.orderID}/done`, { data: { station: 'kitchen' } });
});
