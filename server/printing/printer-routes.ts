// The printers over HTTP (contract v1.2): GET and POST staff/printers, PATCH and DELETE staff/printers/{id}, managers only.
import type { Context, Hono } from 'hono';
import { newPrinterSchema, printerPatchSchema } from '../../contract/kitchen';
import { checkJsonContentType, parseJsonBody } from '../api/request-parsing';
import type { Database } from '../db/database';
import { parseWith, pathId } from '../staff/staff-parsing';
import { requireStaff } from '../staff/staff-session';
import { addPrinter, listPrinters, removePrinter, updatePrinter } from './printer-store';

const DEFAULT_PORT = 9100;

async function jsonBody(c: Context): Promise<unknown> {
  checkJsonContentType(c.req.header('Content-Type'));
  return parseJsonBody(await c.req.text());
}

export function addPrinterRoutes(api: Hono, { db, now }: { db: Database; now: () => Date }): void {
  const manager = (c: Context, what: string) => requireStaff(db, c, now(), { role: 'manager', what });

  api.get('/staff/printers', async (c) => {
    await manager(c, 'see the printers');
    return c.json(await listPrinters(db));
  });

  api.post('/staff/printers', async (c) => {
    await manager(c, 'add printers');
    const input = parseWith(newPrinterSchema, await jsonBody(c), 'printer');
    const printer = await addPrinter(db, { ...input, port: input.port ?? DEFAULT_PORT, backup: input.backup ?? null });
    return c.json(printer, 201);
  });

  api.patch('/staff/printers/:id', async (c) => {
    await manager(c, 'change printers');
    const id = pathId(c.req.param('id'), 'printer');
    const patch = parseWith(printerPatchSchema, await jsonBody(c), 'change');
    return c.json(await updatePrinter(db, id, patch));
  });

  api.delete('/staff/printers/:id', async (c) => {
    await manager(c, 'remove printers');
    await removePrinter(db, pathId(c.req.param('id'), 'printer'));
    return c.body(null, 204);
  });
}
