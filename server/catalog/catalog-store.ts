// Reads the menu, the tables and the kitchen summary from the database, in the contract's shapes.
import type { Category, MenuItem, OptionGroup, SubCategory, Summary, Table } from '../../contract/guest';
import type { MenuFilter } from '../api/request-parsing';
import type { Queryable } from '../db/database';
import { sqlTextList } from '../db/sql-literals';
import type { StaffTableStatus } from '../../contract/tables';
import { TABLE_STATUS_SQL, v1TableStatus } from '../tables/table-status';
import { averageWaitFromTotal, fromCents, OPEN_STATUSES, TABLE_OCCUPYING_STATUSES } from '../orders/order-rules';
import { RESTAURANT_LANGUAGE } from './menu-language';
import type { Hours } from '../../src/domain/hours';
import { guestAvailability } from '../menu/guest-view';
import { readRestaurant } from '../restaurant/restaurant-store';

/** The translation of one thing in the language given as `$language` (a row the LEFT JOIN may not find). */
const translated = (alias: string, kind: string, idSql: string, languageParam: string) =>
  `LEFT JOIN translations ${alias} ON ${alias}.kind = '${kind}' AND ${alias}.id = ${idSql} AND ${alias}.language = ${languageParam}`;

/** `language` is the one menuLanguage() chose; the restaurant's own (no translation rows) answers the names as they are. */
export function listCategories(db: Queryable, language = RESTAURANT_LANGUAGE): Promise<Category[]> {
  return db.query<Category>(
    `SELECT c.id, COALESCE(t.name, c.name) AS name, COALESCE(t.description, c.description) AS description, c.image, c.sort
     FROM categories c ${translated('t', 'category', 'c.id', '$1::text')}
     WHERE NOT c.hidden
     ORDER BY c.sort, c.id`,
    [language],
  );
}

export function listSubCategories(
  db: Queryable,
  categoryId?: number,
  language = RESTAURANT_LANGUAGE,
): Promise<SubCategory[]> {
  return db.query<SubCategory>(
    `SELECT s.id, s.category_id, COALESCE(t.name, s.name) AS name, s.image, s.sort
     FROM sub_categories s JOIN categories c ON c.id = s.category_id
     ${translated('t', 'sub_category', 's.id', '$2::text')}
     WHERE ($1::int IS NULL OR s.category_id = $1::int) AND NOT s.hidden AND NOT c.hidden
     ORDER BY c.sort, c.id, s.sort, s.id`,
    [categoryId ?? null, language],
  );
}

interface ChoiceRow {
  id: number;
  name: string;
  price_cents: number;
  available: boolean;
  allergens: string[] | null;
}

interface OptionGroupRow {
  id: number;
  name: string;
  min: number;
  max: number;
  choices: ChoiceRow[];
}

interface MenuRow extends Omit<MenuItem, 'price' | 'options' | 'available_again_at' | 'available_until'> {
  price_cents: number;
  price_label: string | null;
  options: OptionGroupRow[] | null;
  /** The dish's own hours, else its category's. */
  hours: Hours;
}

/**
 * A dish's option groups with their choices, in menu order, as one JSON value (null when it has none); names in the
 * language given by `languageSql` where translated.
 */
export const OPTIONS_JSON = (menuIdSql: string, languageSql = `'${RESTAURANT_LANGUAGE}'`) => `(
  SELECT json_agg(json_build_object('id', g.id, 'name', COALESCE(gt.name, g.name), 'min', g.min, 'max', g.max, 'choices',
           (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', COALESCE(ct.name, c.name),
                      'price_cents', c.price_cents, 'available', c.available, 'allergens', c.allergens)
                      ORDER BY c.sort, c.id), '[]'::json)
            FROM option_choices c ${translated('ct', 'option_choice', 'c.id', languageSql)}
            WHERE c.group_id = g.id)) ORDER BY g.sort, g.id)
  FROM option_groups g ${translated('gt', 'option_group', 'g.id', languageSql)}
  WHERE g.menu_id = ${menuIdSql})`;

function toOptions(groups: readonly OptionGroupRow[]): OptionGroup[] {
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    min: group.min,
    max: group.max,
    choices: group.choices.map((choice) => ({
      id: choice.id,
      name: choice.name,
      price: fromCents(choice.price_cents),
      available: choice.available,
      ...(choice.allergens === null ? {} : { allergens: choice.allergens }),
    })),
  }));
}

/**
 * The menu as guests see it: nothing the restaurant hid, and each dish's availability with its hours applied at `now`
 * in the restaurant's time zone (read only when some dish has hours).
 */
export async function listMenu(
  db: Queryable,
  filter: MenuFilter,
  language = RESTAURANT_LANGUAGE,
  now = new Date(),
): Promise<MenuItem[]> {
  const id = filter.kind === 'all' ? null : filter.id;
  const rows = await db.query<MenuRow>(
    `SELECT m.id, s.category_id AS cat_id, m.sub_category_id AS sub_cat_id, COALESCE(t.name, m.name) AS name,
            COALESCE(t.description, m.description) AS description,
            m.price_cents, m.price_label, m.image, m.available, m.tags, m.prep_minutes, m.allergens,
            coalesce(m.hours, c.hours) AS hours,
            ${OPTIONS_JSON('m.id', '$3::text')} AS options
     FROM menu_items m
     JOIN sub_categories s ON s.id = m.sub_category_id
     JOIN categories c ON c.id = s.category_id
     ${translated('t', 'menu_item', 'm.id', '$3::text')}
     WHERE (($1::text = 'all')
        OR ($1::text = 'category' AND s.category_id = $2::int)
        OR ($1::text = 'sub-category' AND m.sub_category_id = $2::int)
        OR ($1::text = 'item' AND m.id = $2::int))
       AND NOT m.hidden AND NOT s.hidden AND NOT c.hidden
     ORDER BY c.sort, c.id, s.sort, s.id, m.sort, m.id`,
    [filter.kind, id, language],
  );
  const timeZone = rows.some((row) => row.hours) ? (await readRestaurant(db)).time_zone : 'UTC';
  return rows.map((row) => ({
    id: row.id,
    cat_id: row.cat_id,
    sub_cat_id: row.sub_cat_id,
    name: row.name,
    description: row.description,
    price: row.price_label ?? fromCents(row.price_cents),
    image: row.image,
    ...guestAvailability(row.available, row.hours, now, timeZone),
    tags: row.tags,
    prep_minutes: row.prep_minutes,
    // A dish without options answers as in contract v1.
    ...(row.options && row.options.length > 0 ? { options: toOptions(row.options) } : {}),
    allergens: row.allergens,
  }));
}

// Open orders, by the literal statuses, so the planner matches the partial index orders_occupying_idx
// (012_occupied_tables.sql): the console counts them per table.
export const OCCUPYING_LIST = sqlTextList(TABLE_OCCUPYING_STATUSES);

// The guests' floor plan: each table's status derived from its seating, requests and reservation (contract v1.2),
// never a stored value; removed tables are gone.
const TABLES_WITH_STATUS = `
  SELECT t.id, t.name, t.seats, ${TABLE_STATUS_SQL('t')} AS status
  FROM dining_tables t WHERE t.removed_at IS NULL`;

type TableRow = Omit<Table, 'status'> & { status: StaffTableStatus };

const toTable = ({ status, ...table }: TableRow): Table => ({ ...table, status: v1TableStatus(status) });

export async function listTables(db: Queryable): Promise<Table[]> {
  const rows = await db.query<TableRow>(`${TABLES_WITH_STATUS} ORDER BY t.id`);
  return rows.map(toTable);
}

// Literal statuses, so the planner matches the partial index orders_open_ready_idx (006_open_orders.sql).
const OPEN_LIST = sqlTextList(OPEN_STATUSES);

// The whole summary in one statement that reads only open orders (from their own partial index) and the tables: its
// cost does not grow with the orders already served. ready_at is set when an order's lines change; an order written
// without it is computed from its lines. Each open order waits max(1, minutes until ready), as averageWaitMinutes.
const SUMMARY = `
  WITH open AS (
    SELECT count(*)::int AS open_orders,
           coalesce(sum(greatest(1, extract(epoch FROM coalesce(o.ready_at, o.created_at + make_interval(mins => (
             SELECT coalesce(max(m.prep_minutes), 0)::int
             FROM order_lines l JOIN menu_items m ON m.id = l.menu_id WHERE l.order_id = o.order_id)))
             - $1::timestamptz) / 60)), 0)::float8 AS wait_minutes
    FROM orders o WHERE o.status IN (${OPEN_LIST})
  ), tables AS (${TABLES_WITH_STATUS})
  SELECT open.open_orders, open.wait_minutes,
         (SELECT json_agg(json_build_object('status', status)) FROM tables) AS tables
  FROM open`;

export async function readSummary(db: Queryable, now = new Date()): Promise<Summary> {
  const [row] = await db.query<{
    open_orders: number;
    wait_minutes: number;
    tables: { status: StaffTableStatus }[] | null;
  }>(SUMMARY, [now.toISOString()]);
  const tables = row?.tables ?? [];
  const openOrders = row?.open_orders ?? 0;
  return {
    open_orders: openOrders,
    average_wait_minutes: averageWaitFromTotal(row?.wait_minutes ?? 0, openOrders),
    tables_free: tables.filter((table) => v1TableStatus(table.status) === 'free').length,
    tables_total: tables.length,
  };
}
