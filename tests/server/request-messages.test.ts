// The words a caller reads when a request does not fit the contract (server/api/zod-messages.ts): plain, never zod's
// "Too small: expected number to be >=1".
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../server/api/provider-error';
import { parseNewOrder } from '../../server/api/request-parsing';

function refusal(body: unknown): { message: string; fields: Record<string, string> | undefined } {
  try {
    parseNewOrder(body);
  } catch (error) {
    if (error instanceof ProviderError) return { message: error.message, fields: error.fields };
    throw error;
  }
  throw new Error('The order was accepted');
}

describe('an order that does not fit the contract', () => {
  it('names each bad field with a plain reason', () => {
    expect(refusal({ table_id: 3, items: [{ menu_id: 1, quantity: 0 }] })).toEqual({
      message: 'This order is not valid: items.0.quantity: must be at least 1',
      fields: { 'items.0.quantity': 'must be at least 1' },
    });
    expect(refusal({ table_id: 3, items: [{ menu_id: 1, quantity: 1.5 }] }).fields).toEqual({
      'items.0.quantity': 'must be a whole number',
    });
    expect(refusal({ table_id: 3, items: [{ menu_id: 1, quantity: 'two' }] }).fields).toEqual({
      'items.0.quantity': 'must be a number',
    });
    expect(refusal({ items: [{ menu_id: 1, quantity: 1 }] }).fields).toEqual({ table_id: 'is required' });
    expect(refusal({ table_id: 3, items: [] }).fields).toEqual({ items: 'must hold at least 1 item' });
    expect(refusal({ table_id: 3, items: [{ menu_id: 1, quantity: 1 }], note: 'x'.repeat(1000) }).fields).toEqual({
      note: expect.stringMatching(/^must be at most \d+ characters long$/),
    });
  });
});
