// The restaurant's profile over HTTP: GET restaurant for every screen, PUT staff/restaurant for its manager.
import type { Hono } from 'hono';
import { checkJsonContentType, parseJsonBody } from '../api/request-parsing';
import type { Database } from '../db/database';
import { requireStaff } from '../staff/staff-session';
import { parseRestaurant } from './restaurant-parsing';
import { readRestaurant, writeRestaurant } from './restaurant-store';

export function addRestaurantRoutes(api: Hono, { db, now }: { db: Database; now: () => Date }): void {
  api.get('/restaurant', async (c) => c.json(await readRestaurant(db)));

  api.put('/staff/restaurant', async (c) => {
    await requireStaff(db, c, now(), { role: 'manager', what: 'change the restaurant’s profile' });
    checkJsonContentType(c.req.header('Content-Type'));
    const profile = parseRestaurant(parseJsonBody(await c.req.text()));
    return c.json(await db.transaction((tx) => writeRestaurant(tx, profile)));
  });
}
