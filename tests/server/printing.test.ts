// Printed tickets against fake network printers (TCP servers on 127.0.0.1 that record the bytes): one ticket per
// station per order, an add-on ticket, a stopped printer that delays no order and prints once it is back, failover.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewOrder } from '../../contract/orders';
import type { Database } from '../../server/db/database';
import { startPrintWorker } from '../../server/printing/print-worker';
import type { RunningProvider } from '../../server/start';
import { callApi, placeOrder, startTestProvider } from './helpers';

const MANAGER = { name: 'manager', password: 'manager-password' };
const PIZZA = 33; // the kitchen's
const COLA = 58; // the bar's (the Drinks category's station)

/** A raw port-9100 printer: every connection's bytes, as text (ESC/POS commands stripped to what prints). */
class FakePrinter {
  readonly tickets: string[] = [];
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => {
        this.tickets.push(readable(Buffer.concat(chunks)));
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
    this.server = undefined;
  }
}

/** The printable text of ESC/POS bytes: runs of printable ASCII, joined by newlines. */
const readable = (bytes: Buffer) =>
  (bytes.toString('latin1').match(/[\x20-\x7e]{3,}/g) ?? []).map((run) => run.trim()).join('\n');

async function signIn(url: string): Promise<string> {
  const response = await callApi(url, 'staff/session', { method: 'POST', body: JSON.stringify(MANAGER) });
  expect(response.status).toBe(201);
  return /staff_session=([^;]+)/.exec(response.headers.get('Set-Cookie') ?? '')?.[0] ?? '';
}

describe('printed tickets', () => {
  let provider: RunningProvider;
  let cookie: string;
  const kitchen = new FakePrinter();
  const bar = new FakePrinter();
  const spare = new FakePrinter();

  const addPrinter = async (body: object) => {
    const response = await callApi(provider.url, 'staff/printers', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { Cookie: cookie },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: number };
  };
  const printers = async () =>
    (await (await callApi(provider.url, 'staff/printers', { headers: { Cookie: cookie } })).json()) as {
      id: number;
      state: string;
      jobs_waiting: number;
      jobs: { order_id: string; status: string; attempts: number; printer: number | null }[];
    }[];
  /**
   * Passes of the worker until `done` holds. Placing an order also wakes the worker, whose pass may hold a job while
   * ours finds none: so this looks again until the bytes are in, for at most a few seconds.
   */
  const until = async (done: () => boolean) => {
    const deadline = Date.now() + 8000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error('The printers did not receive what was expected');
      await provider.printing.tick();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  let kitchenPrinter: { id: number };
  let barPrinter: { id: number };

  beforeAll(async () => {
    await Promise.all([kitchen.start(), bar.start(), spare.start()]);
    provider = await startTestProvider({
      manager: MANAGER,
      // No timer, no back-off: each tick() is one pass, and a failed job is due again at once.
      printing: { pollMs: 0, maxRetrySeconds: 0, failoverAfter: 2, sendTimeoutMs: 1000 },
    });
    cookie = await signIn(provider.url);
    kitchenPrinter = await addPrinter({
      name: 'Hot line',
      station: 'kitchen',
      host: '127.0.0.1',
      port: kitchen.port,
      width: 80,
    });
    barPrinter = await addPrinter({ name: 'Bar', station: 'bar', host: '127.0.0.1', port: bar.port, width: 58 });
  });
  afterAll(async () => {
    await provider.close();
    await Promise.all([kitchen.stop(), bar.stop(), spare.stop()]);
  });

  it('prints one ticket per station per order, with only that station’s lines, and an add-on ticket', async () => {
    const order: NewOrder = {
      table_id: 4,
      items: [
        { menu_id: PIZZA, quantity: 2, note: 'well done' },
        { menu_id: COLA, quantity: 1 },
      ],
      allergies: ['peanuts'],
    };
    const placed = await placeOrder(provider.url, order);
    await until(() => kitchen.tickets.length === 1 && bar.tickets.length === 1);
    expect(kitchen.tickets).toHaveLength(1);
    expect(bar.tickets).toHaveLength(1);
    const hot = kitchen.tickets[0] ?? '';
    expect(hot).toContain(placed.orderID);
    expect(hot).toMatch(/2x\s+Margherita/);
    expect(hot).toContain('well done');
    expect(hot).toContain('ALLERGY: PEANUTS');
    expect(hot).not.toContain('Cola');
    expect(bar.tickets[0]).toContain('Cola');
    expect(bar.tickets[0]).not.toContain('Margherita');

    // A line added later prints an add-on ticket at its station only.
    const added = await callApi(provider.url, 'menu', {
      method: 'POST',
      body: JSON.stringify({ orderID: placed.orderID, menu_id: COLA, quantity: 2 }),
      headers: placed.order_key ? { 'X-Order-Key': placed.order_key } : {},
    });
    expect(added.status).toBe(201);
    await until(() => bar.tickets.length === 2);
    expect(kitchen.tickets).toHaveLength(1);
    expect(bar.tickets).toHaveLength(2);
    expect(bar.tickets[1]).toMatch(/ADD/i);
    // Nothing is printed twice.
    await provider.printing.tick();
    expect(bar.tickets).toHaveLength(2);
    expect(kitchen.tickets).toHaveLength(1);
  });

  it('a stopped printer delays no order; its tickets wait, show as waiting, and print once it is back', async () => {
    const port = bar.port;
    await bar.stop();
    const before = bar.tickets.length;
    // The order is taken as ever: its ticket is only a row written with it.
    const placed = await placeOrder(provider.url, { table_id: 6, items: [{ menu_id: COLA, quantity: 1 }] });
    expect(placed.status).toBe('received');
    await provider.printing.tick();
    const failing = (await printers()).find((printer) => printer.id === barPrinter.id);
    expect(failing).toMatchObject({ state: 'failing', jobs_waiting: 1 });
    expect(failing?.jobs[0]).toMatchObject({ order_id: placed.orderID, status: 'waiting' });
    expect(failing?.jobs[0]?.attempts).toBeGreaterThanOrEqual(1);

    await bar.start(port);
    await until(() => bar.tickets.length > before);
    expect(bar.tickets).toHaveLength(before + 1);
    expect(bar.tickets.at(-1)).toContain(placed.orderID);
    const back = (await printers()).find((printer) => printer.id === barPrinter.id);
    expect(back).toMatchObject({ state: 'ready', jobs_waiting: 0 });
    expect(back?.jobs[0]).toMatchObject({ order_id: placed.orderID, status: 'sent' });
  });

  it('after repeated failures a station’s tickets go to its backup printer', async () => {
    const backup = await addPrinter({
      name: 'Spare',
      station: 'spare',
      host: '127.0.0.1',
      port: spare.port,
      width: 80,
    });
    const patched = await callApi(provider.url, `staff/printers/${kitchenPrinter.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ backup: backup.id }),
      headers: { Cookie: cookie },
    });
    expect(patched.status).toBe(200);
    const port = kitchen.port;
    await kitchen.stop();
    try {
      const placed = await placeOrder(provider.url, { table_id: 7, items: [{ menu_id: PIZZA, quantity: 1 }] });
      // Two failed passes on the kitchen's printer, then the backup takes the ticket.
      await until(() => spare.tickets.length > 0);
      expect(spare.tickets).toHaveLength(1);
      expect(spare.tickets[0]).toContain(placed.orderID);
      expect(spare.tickets[0]).toContain('Margherita');
    } finally {
      await kitchen.start(port);
    }
  });
});

describe('how often the print worker looks for tickets', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A database with no printers and `waiting` tickets left after each pass; counts the passes (claims). */
  function countingDatabase() {
    const state = { passes: 0, waiting: 0 };
    const db = {
      kind: 'pglite',
      query: async (sql: string) => {
        if (sql.includes('SKIP LOCKED')) state.passes++;
        return sql.includes('count(*)') ? [{ waiting: state.waiting }] : [];
      },
    } as unknown as Database;
    return { db, state };
  }

  it('looks every second while a ticket waits, every ten once none does, and at once when an order wakes it', async () => {
    vi.useFakeTimers();
    const { db, state } = countingDatabase();
    const worker = startPrintWorker(db, { pollMs: 1000, idlePollMs: 10_000 });
    try {
      state.waiting = 1;
      await vi.advanceTimersByTimeAsync(3000);
      expect(state.passes).toBe(3);

      // The last ticket printed: the next looks are ten seconds apart.
      state.waiting = 0;
      await vi.advanceTimersByTimeAsync(1000);
      expect(state.passes).toBe(4);
      await vi.advanceTimersByTimeAsync(9000);
      expect(state.passes).toBe(4);
      await vi.advanceTimersByTimeAsync(1000);
      expect(state.passes).toBe(5);

      // An order placed in this process does not wait for the next look.
      worker.wake();
      await vi.advanceTimersByTimeAsync(0);
      expect(state.passes).toBe(6);
    } finally {
      await worker.stop();
    }
  });
});
