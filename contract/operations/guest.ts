// The guests' calls as data: contract v1's nine, with what v1.1 added to them (keys, languages, choices).
import * as z from 'zod/mini';
import {
  categoriesSchema,
  idSchema,
  menuItemsSchema,
  orderIdSchema,
  subCategoriesSchema,
  summarySchema,
  tablesSchema,
} from '../guest';
import { addMenuSchema, idempotencyKeySchema, newOrderSchema } from '../orders';
import { orderSchema, ordersSchema } from '../orders';
import { operations, type OperationHeader, type OperationResponse } from './operation';

const acceptLanguage: Record<string, OperationHeader> = {
  'Accept-Language': {
    description:
      'The guest’s language. A provider with translations answers names and descriptions in it (contract v1.1 "Languages").',
  },
};

const contentLanguage: Record<string, OperationHeader> = {
  'Content-Language': {
    description: 'The language the names are in: the first wanted one the provider has, or its own.',
  },
};

const idempotencyKey = (what: string): Record<string, OperationHeader> => ({
  'Idempotency-Key': {
    description: `Makes a retry safe: the same key and body answer the same ${what} (200) instead of a second one; the same key with another body is 422. Without it the call is a plain create.`,
    schema: idempotencyKeySchema,
  },
});

const localised = (description: string, schema: OperationResponse['schema']): OperationResponse => ({
  description,
  schema,
  headers: contentLanguage,
});

const badQuery: OperationResponse = {
  description: 'A query parameter is not a positive integer, or not allowed here.',
};
const noOrder: OperationResponse = {
  description: 'No such order, or no key for it (`X-Order-Key`): the same answer, so ids cannot be probed.',
};
const orderInvalid: OperationResponse = {
  description: 'Well-formed but invalid: `fields` names each bad field (`items.2.menu_id: "sold out"`).',
};

export const guestOperations = operations([
  {
    operationId: 'getCategory',
    method: 'get',
    path: '/category',
    summary: 'The menu’s categories',
    since: '1',
    access: ['guest'],
    tags: ['menu'],
    headers: acceptLanguage,
    responses: { 200: localised('Every category, in `sort` order.', categoriesSchema) },
  },
  {
    operationId: 'getSubCategory',
    method: 'get',
    path: '/sub-category',
    summary: 'The sections of the menu, all or one category’s',
    since: '1',
    access: ['guest'],
    tags: ['menu'],
    query: z.object({ category_id: z.optional(idSchema) }),
    headers: acceptLanguage,
    responses: {
      200: localised('The sections, in `sort` order.', subCategoriesSchema),
      400: badQuery,
    },
  },
  {
    operationId: 'getMenu',
    method: 'get',
    path: '/menu',
    summary: 'Dishes: all, a category’s, a section’s, or one',
    description:
      'At most one of `cat_id`, `sub_cat_id` and `menu_id`. A dish carries its `options` (v1.1, only when it has some) and `allergens` (`null`: not declared, never the same as none).',
    since: '1',
    access: ['guest'],
    tags: ['menu'],
    query: z.object({
      cat_id: z.optional(idSchema),
      sub_cat_id: z.optional(idSchema),
      menu_id: z.optional(idSchema),
    }),
    headers: acceptLanguage,
    responses: {
      200: localised('The dishes; one element for `menu_id`.', menuItemsSchema),
      400: { description: 'More than one filter, or an id that is not a positive integer.' },
      404: { description: 'No dish has that `menu_id`.' },
    },
  },
  {
    operationId: 'getTables',
    method: 'get',
    path: '/tables',
    summary: 'The floor plan: tables, seats and whether each is free',
    since: '1',
    access: ['guest'],
    tags: ['tables'],
    responses: { 200: { description: 'Every table.', schema: tablesSchema } },
  },
  {
    operationId: 'getSummary',
    method: 'get',
    path: '/summary',
    summary: 'The kitchen’s load as a guest sees it',
    since: '1',
    access: ['guest'],
    tags: ['orders'],
    responses: { 200: { description: 'Open orders, the average wait and free tables.', schema: summarySchema } },
  },
  {
    operationId: 'getOrders',
    method: 'get',
    path: '/orders',
    summary: 'One order by its id (guests, with its key), or the recent orders (staff)',
    description:
      'With `orderID`: that order, for whoever sends its `X-Order-Key` or a staff session. Without: the recent orders, for staff only (v1.1).',
    since: '1',
    access: ['order-key', 'staff'],
    tags: ['orders'],
    query: z.object({ orderID: z.optional(orderIdSchema) }),
    responses: {
      200: { description: 'The order (one element), or the recent orders.', schema: ordersSchema },
      400: { description: '`orderID` is empty.' },
      403: { description: 'A guest asked for the list of orders, which is for staff.' },
      404: noOrder,
      422: { description: '`orderID` holds a NUL byte or an unpaired surrogate.' },
    },
  },
  {
    operationId: 'addOrders',
    method: 'post',
    path: '/orders',
    summary: 'Place an order',
    description:
      'The provider prices every line from its own menu, never from the request. With the table’s `X-Table-Key` (from its QR code) the order joins the table’s seating; a `guest` name is taken only then. The answer carries `order_key` (v1.1), which no other call ever shows.',
    since: '1',
    access: ['guest', 'table-key'],
    tags: ['orders'],
    headers: idempotencyKey('order'),
    body: { schema: newOrderSchema },
    responses: {
      201: {
        description: 'Placed: the order with its `order_key`.',
        schema: orderSchema,
        headers: { Location: { description: 'The order’s address: `/api/v1/orders?orderID=…`.' } },
      },
      200: { description: 'The same `Idempotency-Key` and body again: the order already placed.', schema: orderSchema },
      400: { description: 'The body is not JSON, or the `Idempotency-Key` is malformed.' },
      403: {
        description:
          '`table_key`: the table key sent is wrong, or none was sent to a provider that requires one (`PROVIDER_TABLE_KEYS=required`).',
      },
      413: { description: 'The body is over 64 KiB.' },
      415: { description: 'The body is labelled as something other than JSON.' },
      422: orderInvalid,
      429: {
        description: 'The table placed as many orders as it may this minute; idempotent replays do not count.',
        headers: { 'Retry-After': { description: 'Seconds until the table may order again.' } },
      },
    },
  },
  {
    operationId: 'addMenu',
    method: 'post',
    path: '/menu',
    summary: 'Add a line to an order still received or preparing',
    since: '1',
    access: ['order-key', 'staff'],
    tags: ['orders'],
    headers: idempotencyKey('addition'),
    body: { schema: addMenuSchema },
    responses: {
      201: { description: 'Added: the whole order.', schema: orderSchema },
      200: { description: 'The same `Idempotency-Key` and body again: the order, nothing added.', schema: orderSchema },
      400: { description: 'The body is not JSON, or the `Idempotency-Key` is malformed.' },
      404: noOrder,
      409: { description: 'The order is past `preparing`: it can no longer change.' },
      413: { description: 'The body is over 64 KiB.' },
      415: { description: 'The body is labelled as something other than JSON.' },
      422: orderInvalid,
    },
  },
  {
    operationId: 'removeMenu',
    method: 'delete',
    path: '/menu',
    summary: 'Remove a line from an order still received',
    since: '1',
    access: ['order-key', 'staff'],
    tags: ['orders'],
    query: z.object({ orderID: orderIdSchema, line_id: idSchema }),
    responses: {
      200: { description: 'Removed: the whole order.', schema: orderSchema },
      400: { description: '`orderID` or `line_id` is missing or malformed.' },
      404: { description: 'No such order or line, or no key for the order.' },
      409: { description: 'The order is past `received`.' },
      422: { description: 'It is the order’s last line: an order keeps at least one.' },
    },
  },
]);
