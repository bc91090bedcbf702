// The answer to POST orders, read so that a placed order is never mistaken for a failure: an answer that names the
// order (`orderID`) but breaks the contract elsewhere still means the kitchen has it.
import * as z from 'zod/mini';
import { requestJson, type CallInit } from './client';
import { ApiError } from './errors';
import { idSchema, ORDER_STATUSES, orderIdSchema, orderKeySchema } from '../../contract/guest';
import { type NewOrder } from '../../contract/orders';
import { orderSchema, type Order, type OrderLine } from '../../contract/orders';

// A line as leniently as it can be read: ids or numbers sent as text are taken, anything else drops the line.
const lenientLineSchema = z.object({
  line_id: z.coerce.number().check(z.int(), z.positive()),
  menu_id: z.coerce.number().check(z.int(), z.positive()),
  name: z.string(),
  price: z.catch(z.coerce.number().check(z.nonnegative()), 0),
  quantity: z.coerce.number().check(z.int(), z.positive()),
  note: z.catch(z.string(), ''),
});

function readLines(value: unknown): OrderLine[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((line) => {
    const parsed = lenientLineSchema.safeParse(line);
    return parsed.success ? [parsed.data] : [];
  });
}

/** What can be read of an answer that names its order; undefined when it does not even do that. */
export function salvagePlacedOrder(body: unknown, sent: NewOrder, now = new Date()): Order | undefined {
  const named = z.object({ orderID: orderIdSchema }).safeParse(body);
  if (!named.success) return undefined;
  const fields = body as Record<string, unknown>;
  const items = readLines(fields.items);
  const at = now.toISOString();
  const salvaged = z
    .object({
      table_id: z.catch(idSchema, sent.table_id),
      status: z.catch(z.enum(ORDER_STATUSES), 'received'),
      note: z.catch(z.string(), sent.note ?? ''),
      total: z.catch(
        z.number().check(z.nonnegative()),
        items.reduce((sum, line) => sum + line.price * line.quantity, 0),
      ),
      created_at: z.catch(z.iso.datetime({ offset: true }), at),
      updated_at: z.catch(z.iso.datetime({ offset: true }), at),
      order_key: z.catch(z.optional(orderKeySchema), undefined),
    })
    .parse(fields);
  const { order_key, ...rest } = salvaged;
  return { orderID: named.data.orderID, ...rest, items, ...(order_key === undefined ? {} : { order_key }) };
}

export async function readPlacedOrder(sent: NewOrder, path: string, init: CallInit): Promise<Order> {
  const body = await requestJson(path, init);
  const parsed = orderSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const salvaged = salvagePlacedOrder(body, sent);
  if (!salvaged) {
    throw new ApiError('parsing', 'The provider’s answer does not match the contract', { cause: parsed.error });
  }
  // Resending would only get the same answer: the order is placed, so it is shown, and the mismatch is reported.
  console.error(
    `Order ${salvaged.orderID} was placed, but the provider's answer does not match the contract`,
    parsed.error,
  );
  return salvaged;
}
