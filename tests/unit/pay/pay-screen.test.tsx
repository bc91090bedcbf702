// Paying at the table from the guest's phone (contract v1.2) against the fake provider: my dishes with a 10 % tip and
// the demo card, the dishes and receipt in the guest's language (by the bill lines' dishes, else their names), a
// declined card that takes nothing, the rest, a receipt kept after the table is cleared, and offline; amounts and tips
// typed as the guest's language writes money, and refused beside their field before anything is sent.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../src/ui/i18n/i18n';
import { createFakeProvider } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, ORIGIN } from '../cart/support';
import { bothOrdered, sharesOf } from './support';

const provider = createFakeProvider({ origin: ORIGIN, restaurant: { tips: { presets: [0.1, 0.15], custom: true } } });
const server = setupMsw(...provider.handlers);
const TABLE = 5;

beforeEach(() => {
  provider.reset();
  window.scrollTo = vi.fn();
});

const MARGHERITA = 33;
const ROASTED_TOMATO_SOUP = 1;

/** This phone scanned table 5, and placed Ana's order of two margheritas (or `anaDish`); Ben's phone ordered a tiramisu. */
function anaAndBen(anaDish = MARGHERITA) {
  return bothOrdered(provider, TABLE, { dish: anaDish });
}

describe('paying at the table', () => {
  it('pays my dishes with a 10 % tip through the demo step, keeps a receipt; the rest is left for the others', async () => {
    await anaAndBen();
    renderApp('/pay');
    const form = await screen.findByTestId('choose-share');
    // My dishes are ticked: Ana's two margheritas, not Ben's tiramisu.
    expect(within(form).getByRole('radio', { name: 'My dishes' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: /Margherita · Ana/ })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: /Tiramisu · Ben/ })).not.toBeChecked();
    await userEvent.click(within(form).getByRole('radio', { name: '10 %' }));
    expect(within(form).getByTestId('share-estimate')).toHaveTextContent('$25.30');
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));

    const card = await screen.findByTestId('demo-card');
    expect(within(card).getByTestId('share-total')).toHaveTextContent('$25.30');
    await userEvent.type(within(card).getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.click(within(card).getByRole('button', { name: 'Pay $25.30' }));
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByText('2 × Margherita')).toBeInTheDocument();
    expect(within(receipt).getByTestId('receipt-total')).toHaveTextContent('$25.30');
    const kept = JSON.parse(localStorage.getItem('receipts') ?? '[]') as { total: number }[];
    expect(kept[0]?.total).toBe(25.3);
    await userEvent.click(within(receipt).getByRole('button', { name: 'Pay more of the bill' }));
    const next = await screen.findByTestId('choose-share');
    expect(within(next).queryByRole('checkbox', { name: /Margherita/ })).toBeNull();
  });

  it('a guest reading Spanish picks their dishes and gets the receipt by the dishes’ Spanish names', async () => {
    await activateLanguage('es');
    await anaAndBen(ROASTED_TOMATO_SOUP);
    renderApp('/pay');
    const form = await screen.findByTestId('choose-share');
    expect(await within(form).findByRole('checkbox', { name: /^2 × Sopa de tomate asado · Ana/ })).toBeChecked();
    expect(within(form).getByRole('combobox', { name: 'Cuántos Sopa de tomate asado' })).toHaveValue('2');
    expect(within(form).queryByText(/Roasted Tomato Soup/)).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Continuar al pago' }));

    const card = await screen.findByTestId('demo-card');
    await userEvent.type(within(card).getByLabelText('Número de tarjeta'), '4242 4242 4242 4242');
    await userEvent.click(within(card).getByRole('button', { name: /^Pagar / }));
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByText('2 × Sopa de tomate asado')).toBeInTheDocument();
  });

  it('names the lines by their dishes from the bill itself: the table’s orders are not asked for', async () => {
    const askedForOrders = vi.fn();
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.endsWith('/table/orders')) askedForOrders();
    };
    server.events.on('request:start', listener);
    try {
      await activateLanguage('es');
      await anaAndBen(ROASTED_TOMATO_SOUP);
      renderApp('/pay');
      const form = await screen.findByTestId('choose-share');
      expect(await within(form).findByRole('checkbox', { name: /^2 × Sopa de tomate asado · Ana/ })).toBeChecked();
      await userEvent.click(within(form).getByRole('button', { name: 'Continuar al pago' }));
      const card = await screen.findByTestId('demo-card');
      await userEvent.type(within(card).getByLabelText('Número de tarjeta'), '4242 4242 4242 4242');
      await userEvent.click(within(card).getByRole('button', { name: /^Pagar / }));
      const receipt = await screen.findByTestId('receipt');
      expect(within(receipt).getByText('2 × Sopa de tomate asado')).toBeInTheDocument();
      expect(askedForOrders).not.toHaveBeenCalled();
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });

  it('a bill whose lines do not say their dishes shows and receipts them by the names they carry', async () => {
    await activateLanguage('es');
    const { ana } = await anaAndBen(ROASTED_TOMATO_SOUP);
    const bill = (await (
      await fetch(`${API}/table/bill`, {
        headers: { Authorization: 'Bearer demo-token', 'X-Seating-Key': ana.seating_key },
      })
    ).json()) as { lines: Record<string, unknown>[] };
    const lines = bill.lines.map(({ menu_id: _dish, ...line }) => line);
    server.use(http.get(`${API}/table/bill`, () => HttpResponse.json({ ...bill, lines })));
    renderApp('/pay');
    const form = await screen.findByTestId('choose-share');
    expect(await within(form).findByRole('checkbox', { name: /^2 × Roasted Tomato Soup · Ana/ })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: /^1 × Tiramisu · Ben/ })).not.toBeChecked();
    await userEvent.click(within(form).getByRole('button', { name: 'Continuar al pago' }));
    const card = await screen.findByTestId('demo-card');
    await userEvent.type(within(card).getByLabelText('Número de tarjeta'), '4242 4242 4242 4242');
    await userEvent.click(within(card).getByRole('button', { name: /^Pagar / }));
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByText('2 × Roasted Tomato Soup')).toBeInTheDocument();
  });

  it('a declined card takes nothing and frees the dishes; pay the rest, then nothing is left', async () => {
    await anaAndBen();
    renderApp('/pay');
    const form = await screen.findByTestId('choose-share');
    await userEvent.click(within(form).getByRole('radio', { name: 'An amount' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    const card = await screen.findByTestId('demo-card');
    await userEvent.type(within(card).getByLabelText('Card number'), '4000 0000 0000 0002');
    await userEvent.click(within(card).getByRole('button', { name: 'Pay $30.50' }));
    expect(await screen.findByTestId('pay-declined')).toHaveTextContent('The card was declined. Nothing was charged.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    await userEvent.click(within(await screen.findByTestId('choose-share')).getByRole('radio', { name: 'An amount' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const again = await screen.findByTestId('demo-card');
    await userEvent.type(within(again).getByLabelText('Card number'), '4242424242424242');
    await userEvent.click(within(again).getByRole('button', { name: 'Pay $30.50' }));
    await screen.findByTestId('receipt');
    expect(screen.queryByRole('button', { name: 'Pay more of the bill' })).toBeNull();
  });

  it('offline: says to pay when back or at the counter, and asks the provider for nothing', async () => {
    await anaAndBen();
    renderApp('/pay');
    const form = await screen.findByTestId('choose-share');
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
      expect(await screen.findByTestId('pay-failed')).toHaveTextContent(
        'You are offline. Pay when you are back online, or at the counter. Nothing was charged.',
      );
      const bill = (await (
        await fetch(`${API}/table/bill`, {
          headers: {
            Authorization: 'Bearer demo-token',
            'X-Seating-Key': (JSON.parse(localStorage.getItem('table_seating') ?? '{}') as { seating_key: string })
              .seating_key,
          },
        })
      ).json()) as { shares: unknown[] };
      expect(bill.shares).toEqual([]);
    } finally {
      online.mockRestore();
    }
  });

  it('without a scan of the table, asks for one', async () => {
    localStorage.setItem('table_id', String(TABLE));
    renderApp('/pay');
    expect(await screen.findByText('Scan your table’s QR code to pay')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('choose-share')).toBeNull());
  });

  it('a share the provider refuses (someone paid it first) is explained in the guest’s words, and nothing is charged', async () => {
    await anaAndBen();
    server.use(
      http.post(`${API}/table/bill/shares`, () =>
        HttpResponse.json({ error: { code: 'already_paid', message: 'Line 1 has none left to pay' } }, { status: 409 }),
      ),
    );
    renderApp('/pay');
    const form = await screen.findByTestId('choose-share');
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    const refused = await screen.findByTestId('pay-failed');
    expect(refused).toHaveTextContent('Someone at the table has just paid for that, or is paying for it now.');
    expect(refused).not.toHaveTextContent('Line 1 has none left to pay');
  });

  it('a restaurant that takes payment at the counter only: the Table page and /pay send the guest there', async () => {
    const { ana } = await anaAndBen();
    const bill = (await (
      await fetch(`${API}/table/bill`, {
        headers: { Authorization: 'Bearer demo-token', 'X-Seating-Key': ana.seating_key },
      })
    ).json()) as Record<string, unknown>;
    server.use(http.get(`${API}/table/bill`, () => HttpResponse.json({ ...bill, pay_at_table: false })));
    renderApp('/table');
    expect(await screen.findByTestId('pay-at-counter')).toHaveTextContent(
      'This restaurant takes payment at the counter, not on your phone.',
    );
    expect(screen.queryByTestId('pay-link')).toBeNull();
  });
});

describe('an amount and a tip of the guest’s own', () => {
  it.each([
    ['en', 'An amount', /: (.+)\.$/],
    ['es', 'Una cantidad', /: (.+)\.$/],
    ['ar', 'مبلغًا', /: (.+)\.$/],
  ] as const)(
    'left empty, the amount is the rest, and the estimate says so (%s)',
    async (language, amountMode, rest) => {
      await activateLanguage(language);
      await anaAndBen();
      renderApp('/pay');
      const form = await screen.findByTestId('choose-share');
      await userEvent.click(await within(form).findByRole('radio', { name: amountMode }));
      const hint = within(form).getByText(rest);
      const left = rest.exec(hint.textContent ?? '')?.[1] ?? '';
      expect(left).toMatch(/30[.,]50/);
      // Intl's spaces and direction marks as they are, on both sides.
      expect(within(form).getByTestId('share-estimate').textContent).toContain(left);
    },
  );

  it('adds the tip to the rest in the estimate', async () => {
    await anaAndBen();
    renderApp('/pay');
    const form = await screen.findByTestId('choose-share');
    await userEvent.click(within(form).getByRole('radio', { name: 'An amount' }));
    await userEvent.click(within(form).getByRole('radio', { name: '10 %' }));
    expect(within(form).getByTestId('share-estimate')).toHaveTextContent('$33.55');
  });

  it('reads a Spanish guest’s decimal comma, in the amount and in the tip', async () => {
    await activateLanguage('es');
    await anaAndBen();
    renderApp('/pay');
    const form = await screen.findByTestId('choose-share');
    await userEvent.click(await within(form).findByRole('radio', { name: 'Una cantidad' }));
    await userEvent.type(within(form).getByLabelText('Cantidad'), '12,5');
    await userEvent.click(within(form).getByRole('radio', { name: 'Otra' }));
    await userEvent.type(within(form).getByLabelText('Importe de la propina'), '1,25');
    expect(within(form).getByTestId('share-estimate')).toHaveTextContent('13,75');
    await userEvent.click(within(form).getByRole('button', { name: 'Continuar al pago' }));
    expect(within(await screen.findByTestId('demo-card')).getByTestId('share-total')).toHaveTextContent('13,75');
  });

  it.each([
    ['en', ['An amount', 'Amount', 'Other', 'Tip amount', 'Continue to payment'], 'A tip can be at most $10.00.'],
    [
      'es',
      ['Una cantidad', 'Cantidad', 'Otra', 'Importe de la propina', 'Continuar al pago'],
      /^La propina puede ser como máximo 10,00\sUS\$\.$/,
    ],
    [
      'ar',
      ['مبلغًا', 'المبلغ', 'مبلغ آخر', 'مبلغ البقشيش', 'المتابعة إلى الدفع'],
      /^يمكن أن يكون البقشيش .*10\.00.* على الأكثر\.$/,
    ],
  ] as const)(
    'refuses a tip over the amount beside the field, keeps what was typed, and asks nothing (%s)',
    async (language, [amountMode, amountLabel, other, tipLabel, next], says) => {
      await activateLanguage(language);
      const { ana } = await anaAndBen();
      renderApp('/pay');
      const form = await screen.findByTestId('choose-share');
      await userEvent.click(await within(form).findByRole('radio', { name: amountMode }));
      await userEvent.type(within(form).getByLabelText(amountLabel), '10');
      await userEvent.click(within(form).getByRole('radio', { name: other }));
      const tip = within(form).getByLabelText(tipLabel);
      await userEvent.type(tip, '50');
      await userEvent.click(within(form).getByRole('button', { name: next }));

      expect(tip).toHaveAccessibleDescription(says);
      expect(tip).toHaveAttribute('aria-invalid', 'true');
      expect(tip).toHaveFocus();
      expect(tip).toHaveValue('50');
      expect(within(form).getByLabelText(amountLabel)).toHaveValue('10');
      expect(screen.queryByTestId('demo-card')).toBeNull();
      expect(await sharesOf(ana.seating_key)).toEqual([]);
    },
  );

  it('refuses a negative or unreadable tip and an unreadable amount with a message, never a tip dropped', async () => {
    const { ana } = await anaAndBen();
    renderApp('/pay');
    const form = await screen.findByTestId('choose-share');
    await userEvent.click(within(form).getByRole('radio', { name: 'An amount' }));
    const amount = within(form).getByLabelText('Amount');
    await userEvent.type(amount, '5,50');
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    expect(amount).toHaveAccessibleDescription(/^Type an amount like 5\.50\./);
    expect(amount).toHaveFocus();

    await userEvent.clear(amount);
    await userEvent.type(amount, '5.50');
    await userEvent.click(within(form).getByRole('radio', { name: 'Other' }));
    const tip = within(form).getByLabelText('Tip amount');
    await userEvent.type(tip, '-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    expect(tip).toHaveAccessibleDescription('A tip can’t be negative.');
    await userEvent.clear(tip);
    await userEvent.type(tip, 'one');
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    expect(tip).toHaveAccessibleDescription('Type a tip like 1.50, or leave it empty.');
    expect(await sharesOf(ana.seating_key)).toEqual([]);

    await userEvent.clear(tip);
    await userEvent.type(tip, '1.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    expect(within(await screen.findByTestId('demo-card')).getByTestId('share-total')).toHaveTextContent('$7.00');
  });
});
