// A guest who started paying and changed their mind cancels the payment from their phone: on its payment step or beside
// "Continue paying". The dishes it held are free at once, the guest is back on the bill and told so (the focus on the
// message, the button they pressed being gone), and the phone forgets the share.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { billSchema, type Seating } from '../../../contract/bill';
import { createFakeProvider } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, ORIGIN } from '../cart/support';
import { anaOrders } from './support';

const provider = createFakeProvider({ origin: ORIGIN });
setupMsw(...provider.handlers);
const TABLE = 5;
const MARGHERITA = 33;

beforeEach(() => {
  provider.reset();
  window.scrollTo = vi.fn();
});

/** This phone scanned table 5 and ordered two margheritas. */
function seated(): Promise<Seating> {
  return anaOrders(provider, TABLE, { dish: MARGHERITA, keepKey: true });
}

async function billOf(seating: Seating) {
  const response = await fetch(`${API}/table/bill`, {
    headers: { Authorization: 'Bearer demo-token', 'X-Seating-Key': seating.seating_key },
  });
  return billSchema.parse(await response.json());
}

/** On /pay: my dishes chosen, on to the demo card step; answers the share's id. */
async function toCardStep(router: ReturnType<typeof renderApp>['router']): Promise<number> {
  const form = await screen.findByTestId('choose-share');
  await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
  await screen.findByTestId('demo-card');
  await waitFor(() => expect(router.state.location.search).toMatchObject({ share: expect.any(Number) }));
  return (router.state.location.search as { share: number }).share;
}

const remembered = () =>
  (JSON.parse(sessionStorage.getItem('open_shares') ?? '[]') as { id: number }[]).map((s) => s.id);

describe('cancelling a payment on the phone', () => {
  it('from its payment step: the share is cancelled, its dishes are free again, and the guest is back on the bill, told so', async () => {
    const ana = await seated();
    const { router } = renderApp(['/table', '/pay']);
    const share = await toCardStep(router);
    expect(remembered()).toEqual([share]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel this payment' }));

    const notice = await screen.findByTestId('payment-cancelled');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('Payment cancelled. Nothing was charged');
    await waitFor(() => expect(notice).toHaveFocus());
    const choose = await screen.findByTestId('choose-share');
    // The bill as it now is: her dishes are offered again, ticked, as when she first chose.
    expect(within(choose).getByRole('radio', { name: 'My dishes' })).toBeChecked();
    expect(within(choose).getByRole('checkbox', { name: /Margherita/ })).toBeChecked();
    expect(screen.queryByTestId('payment-in-progress')).toBeNull();
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('share'));
    expect(remembered()).toEqual([]);

    const bill = await billOf(ana);
    expect(bill.shares.find((candidate) => candidate.id === share)?.status).toBe('cancelled');
    expect(bill.lines[0]).toMatchObject({ held_quantity: 0, paid_quantity: 0 });
    expect(bill.available).toBe(bill.balance);
  });

  it('beside "Continue paying" on the Table page: the offer goes and what happened is said', async () => {
    const ana = await seated();
    const { router } = renderApp(['/table', '/pay']);
    const share = await toCardStep(router);
    router.history.back();
    const inProgress = await screen.findByTestId('payment-in-progress');

    await userEvent.click(within(inProgress).getByRole('button', { name: 'Cancel this payment' }));

    const notice = await screen.findByTestId('payment-cancelled');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(screen.queryByTestId('payment-in-progress')).toBeNull();
    expect(remembered()).toEqual([]);
    expect((await billOf(ana)).shares.find((candidate) => candidate.id === share)?.status).toBe('cancelled');
  });

  it('a payment that went through meanwhile is not cancelled: the phone says it was paid', async () => {
    const ana = await seated();
    const { router } = renderApp(['/table', '/pay']);
    const share = await toCardStep(router);
    router.history.back();
    const inProgress = await screen.findByTestId('payment-in-progress');
    // The card was taken on another tab of this phone a moment before.
    await fetch(`${API}/payments/demo/${share}`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer demo-token',
        'Content-Type': 'application/json',
        'X-Seating-Key': ana.seating_key,
      },
      body: JSON.stringify({ card_number: '4242 4242 4242 4242' }),
    });

    await userEvent.click(within(inProgress).getByRole('button', { name: 'Cancel this payment' }));

    expect(await screen.findByTestId('payment-cancelled')).toHaveTextContent('This payment went through already');
    expect((await billOf(ana)).shares.find((candidate) => candidate.id === share)?.status).toBe('paid');
    expect(remembered()).toEqual([]);
  });
});
