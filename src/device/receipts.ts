// Receipts of the shares this device paid (localStorage.receipts): still shown once the table is cleared and its bill is gone.
import * as z from 'zod/mini';
import { idSchema } from '../../contract/guest';
import { deviceStore } from './device-store';

export const RECEIPTS_KEY = 'receipts';
const RECEIPTS_LIMIT = 20;

const receiptSchema = z.looseObject({
  share_id: idSchema,
  table_id: idSchema,
  table_name: z.string(),
  restaurant: z.string(),
  currency: z.string(),
  kind: z.enum(['items', 'equal', 'amount']),
  /** `name` is the restaurant's; `menu_id`, where known, lets the guest's screen show the dish in their language. */
  lines: z.array(z.object({ name: z.string(), quantity: z.number(), menu_id: z.optional(idSchema) })),
  amount: z.number(),
  tip: z.number(),
  total: z.number(),
  /** ISO 8601, when the payment provider said paid. */
  paid_at: z.string(),
  provider: z.string(),
});

export type Receipt = z.output<typeof receiptSchema>;

const receiptsSchema = z.pipe(
  z.array(z.unknown()),
  z.transform((list: unknown[]) =>
    list.flatMap((entry) => {
      const parsed = receiptSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
);

const receiptsStore = deviceStore(RECEIPTS_KEY, receiptsSchema, {
  storage: 'local',
  writeFailure: 'Could not keep the receipt on this device',
});

export function readReceipts(): Receipt[] {
  const read = receiptsStore.read();
  return read.status === 'ok' ? read.value : [];
}

export function receiptFor(shareId: number): Receipt | undefined {
  return readReceipts().find((receipt) => receipt.share_id === shareId);
}

/** Keeps the receipt first; the same share kept again replaces its entry. */
export function keepReceipt(receipt: Receipt): void {
  receiptsStore.write(
    [receipt, ...readReceipts().filter((known) => known.share_id !== receipt.share_id)].slice(0, RECEIPTS_LIMIT),
  );
}
