// A fake network printer: a TCP server on 127.0.0.1 that keeps the bytes of each ticket sent to it, and reads their text.
import { createServer, type Server, type Socket } from 'node:net';

export interface FakePrinter {
  /** The port it listens on (the same one again after stop() and start()). */
  port: number;
  /** Every ticket received, as bytes, in arrival order. */
  readonly tickets: Uint8Array[];
  /** The tickets' text (see ticketText). */
  texts(): string[];
  /** Resolves once at least `count` tickets have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<string[]>;
  /** Stops listening (connections are refused, as by a printer switched off). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/**
 * The text a ticket prints: the ESC/POS commands the encoder writes (ESC @, ESC x n, GS x n, GS V, FS .) left out,
 * code page 437's rules read as dashes. Enough to check what a cook reads, not an ESC/POS interpreter.
 */
export function ticketText(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    const next = bytes[i + 1];
    if (byte === 0x1b) i += next === 0x40 ? 1 : 2;
    else if (byte === 0x1d) i += next === 0x56 && (bytes[i + 2] === 0x41 || bytes[i + 2] === 0x42) ? 3 : 2;
    else if (byte === 0x1c) i += 1;
    else if (byte === 0x0a) text += '\n';
    else if (byte >= 0x20 && byte < 0x7f) text += String.fromCharCode(byte);
    else if (byte === 0xc4 || byte === 0xcd) text += '-';
  }
  return text;
}

export async function startFakePrinter(port = 0): Promise<FakePrinter> {
  const tickets: Uint8Array[] = [];
  const sockets = new Set<Socket>();
  let waiters: { count: number; resolve: () => void }[] = [];
  let server: Server | undefined;

  const notify = () => {
    waiters = waiters.filter((waiter) => {
      if (tickets.length < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  };

  const listen = (on: number) =>
    new Promise<number>((resolve, reject) => {
      const next = createServer((socket) => {
        sockets.add(socket);
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('end', () => {
          if (chunks.length > 0) tickets.push(new Uint8Array(Buffer.concat(chunks)));
          socket.end();
          notify();
        });
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      });
      next.once('error', reject);
      next.listen(on, '127.0.0.1', () => {
        server = next;
        resolve((next.address() as { port: number }).port);
      });
    });

  const printer: FakePrinter = {
    port: await listen(port),
    tickets,
    texts: () => tickets.map(ticketText),
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`The fake printer got ${tickets.length} tickets, not ${count}, in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(printer.texts());
          },
        });
        notify();
      });
    },
    stop() {
      return new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      });
    },
    async start() {
      await listen(printer.port);
    },
  };
  return printer;
}
