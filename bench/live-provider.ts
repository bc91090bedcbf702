// The bench's provider process: a real provider (PGlite in a temporary folder, or DATABASE_URL's schema) that moves
// orders when the bench asks over IPC, as the console's move call will, and reports its own memory.
import { recordEvent } from '../server/live/event-store';
import { startProvider } from '../server/start';

type Request =
  | { id: number; kind: 'advance'; orderID: string }
  | { id: number; kind: 'availability'; menuId: number; available: boolean }
  | { id: number; kind: 'memory' }
  | { kind: 'stop' };

const schema = process.env.LIVE_BENCH_SCHEMA;
const provider = await startProvider({
  storage: process.env.DATABASE_URL
    ? { kind: 'postgres', connectionString: process.env.DATABASE_URL, ...(schema ? { schema } : {}) }
    : { kind: 'pglite', dataDir: process.env.PROVIDER_DATA_DIR },
  liveMaxStreams: 100_000,
  // Every stream of the bench comes from 127.0.0.1, which the per-client limit (2,000) would otherwise refuse.
  liveStreamsPerClient: 100_000,
});

/** A dish sold out or back, with its event in the same transaction, as the console's PATCH staff/menu will do. */
function setAvailable(menuId: number, available: boolean) {
  return provider.db.transaction(async (tx) => {
    const [row] = await tx.query<{ prep_minutes: number }>(
      'UPDATE menu_items SET available = $2 WHERE id = $1 RETURNING prep_minutes',
      [menuId, available],
    );
    await recordEvent(tx, { type: 'menu', payload: { menu_id: menuId, available, prep_minutes: row?.prep_minutes } });
    return available;
  });
}

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return {
    rss: usage.rss,
    heap: usage.heapUsed + usage.external + usage.arrayBuffers,
    streams: provider.live.streamCount,
  };
}

process.on('message', (message: Request) => {
  void (async () => {
    if (message.kind === 'stop') {
      await provider.close();
      process.exit(0);
    }
    try {
      const result =
        message.kind === 'advance'
          ? (await provider.kitchen.advance(message.orderID)).status
          : message.kind === 'availability'
            ? await setAvailable(message.menuId, message.available)
            : memory();
      process.send?.({ id: message.id, result });
    } catch (error) {
      process.send?.({ id: message.id, error: String(error) });
    }
  })();
});
process.send?.({ ready: provider.url });
