// A payment this phone started and left (Back from the card step) still holds its dishes for up to 10 minutes: the
// Table page and /pay offer to go on with it, and only this phone is offered it, not another phone at the table.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { shareSchema } from '../../../contract/bill';
import { createFakeProvider } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, ORIGIN } from '../cart/support';
import { bothOrdered } from './support';

const provider = createFakeProvider({ origin: ORIGIN });
setupMsw(...provider.handlers);
const TABLE = 5;
const MARGHERITA = 33;

beforeEach(() => {
  provider.reset();
  window.scrollTo = vi.fn();
});

/** This phone scanned table 5 and ordered Ana's two margheritas; Ben's phone ordered a tiramisu. */
function anaAndBen() {
  return bothOrdered(provider, TABLE, { dish: MARGHERITA, keepKey: true });
}

describe('a payment left half-way', () => {
  it('the Table page and /pay offer to continue it, say how long it holds, and take the guest back to its card step', async () => {
    await anaAndBen();
    const { router } = renderApp(['/table', '/pay']);
    const form = await screen.findByTestId('choose-share');
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    await screen.findByTestId('demo-card');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ share: expect.any(Number) }));
    const { share } = router.state.location.search as { share: number };

    // Back from the card step: the Table page.
    router.history.back();
    const onTable = await screen.findByTestId('payment-in-progress');
    expect(onTable).toHaveTextContent('You have a payment of $23.00 in progress.');
    expect(onTable).toHaveTextContent('held for you for up to 10 minutes');
    expect(within(onTable).getByRole('link', { name: 'Continue paying' })).toHaveAttribute(
      'href',
      `/pay?share=${share}`,
    );

    // "Pay" again: the margheritas are held, and /pay says by whom and for how long, with the way back.
    await userEvent.click(screen.getByTestId('pay-link'));
    const choose = await screen.findByTestId('choose-share');
    await userEvent.click(within(choose).getByRole('radio', { name: 'My dishes' }));
    expect(within(choose).queryByRole('checkbox', { name: /Margherita/ })).toBeNull();
    expect(choose).toHaveTextContent(
      'on this phone or another at the table, are not listed: they are held for up to 10',
    );
    const onPay = screen.getByTestId('payment-in-progress');
    await userEvent.click(within(onPay).getByRole('link', { name: 'Continue paying' }));
    const card = await screen.findByTestId('demo-card');
    expect(within(card).getByTestId('share-total')).toHaveTextContent('$23.00');
    await userEvent.type(within(card).getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.click(within(card).getByRole('button', { name: 'Pay $23.00' }));
    expect(within(await screen.findByTestId('receipt')).getByText('2 × Margherita')).toBeInTheDocument();
  });

  it('another phone’s open share is not offered to this one', async () => {
    const { ben } = await anaAndBen();
    const made = await fetch(`${API}/table/bill/shares`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer demo-token',
        'Content-Type': 'application/json',
        'X-Seating-Key': ben.seating_key,
        'Idempotency-Key': 'ben-pays-half-1',
      },
      body: JSON.stringify({ kind: 'equal', parts: 2 }),
    });
    expect(shareSchema.parse(await made.json()).status).toBe('open');

    renderApp('/table');
    await screen.findByTestId('bill-summary');
    expect(screen.queryByTestId('payment-in-progress')).toBeNull();
    renderApp('/pay');
    await screen.findByTestId('choose-share');
    expect(screen.queryByTestId('payment-in-progress')).toBeNull();
  });
});
