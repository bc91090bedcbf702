// The kitchen's calls over HTTP (contract v1.2 "Stations, tickets, printers"): bump lines and tickets, recall, station settings.
import type { Context, Hono } from 'hono';
import { lineDoneSchema, recallSchema, stationSettingsInputSchema, STATION_PATTERN } from '../../contract/kitchen';
import { notFound } from '../api/provider-error';
import { checkJsonContentType, parseJsonBody } from '../api/request-parsing';
import type { Database } from '../db/database';
import { parseWith, pathId, pathOrderId } from '../staff/staff-parsing';
import { requireStaff } from '../staff/staff-session';
import { acknowledgeAllergies, bumpLines, listStations, recallOrder, saveStation } from './kitchen-store';

export interface KitchenRouteDeps {
  db: Database;
  now: () => Date;
}

async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  // An empty body is an empty object: recall needs none.
  if (text.trim() === '') return {};
  checkJsonContentType(c.req.header('Content-Type'));
  return parseJsonBody(text);
}

function pathStation(raw: string): string {
  if (!STATION_PATTERN.test(raw)) throw notFound(`There is no station ${raw.slice(0, 40)}`);
  return raw;
}

export function addKitchenRoutes(api: Hono, { db, now }: KitchenRouteDeps): void {
  api.post('/staff/orders/:orderID/lines/:line_id/done', async (c) => {
    await requireStaff(db, c, now());
    const orderID = pathOrderId(c.req.param('orderID'));
    const lineId = pathId(c.req.param('line_id'), 'line');
    const { station } = parseWith(lineDoneSchema, await jsonBody(c), 'bump');
    return c.json((await bumpLines(db, orderID, station, lineId)).order);
  });

  api.post('/staff/orders/:orderID/done', async (c) => {
    await requireStaff(db, c, now());
    const orderID = pathOrderId(c.req.param('orderID'));
    const { station } = parseWith(lineDoneSchema, await jsonBody(c), 'bump');
    return c.json((await bumpLines(db, orderID, station)).order);
  });

  api.post('/staff/orders/:orderID/recall', async (c) => {
    await requireStaff(db, c, now());
    const orderID = pathOrderId(c.req.param('orderID'));
    const { station } = parseWith(recallSchema, await jsonBody(c), 'recall');
    return c.json(await recallOrder(db, orderID, station));
  });

  api.post('/staff/orders/:orderID/allergies/acknowledge', async (c) => {
    const { name } = await requireStaff(db, c, now());
    return c.json(await acknowledgeAllergies(db, pathOrderId(c.req.param('orderID')), name));
  });

  api.get('/staff/stations', async (c) => {
    await requireStaff(db, c, now());
    return c.json(await listStations(db));
  });

  api.put('/staff/stations/:station', async (c) => {
    await requireStaff(db, c, now(), { role: 'manager', what: 'set a station’s timers' });
    const station = pathStation(c.req.param('station'));
    const settings = parseWith(stationSettingsInputSchema, await jsonBody(c), 'station');
    return c.json(await saveStation(db, station, settings));
  });
}
