// What a guest paying from a phone sees when something is off: a number of people kept as typed and refused beside
// its field, the provider's reason for refusing a share, the choice kept for "Try again", a card number that is not a
// test card, and the amount field's messages.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { shareSchema } from '../../../contract/bill';
import { rememberShare } from '../../../src/device/open-shares';
import { activateLanguage } from '../../../src/ui/i18n/i18n';
import { createFakeProvider } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, ORIGIN } from '../cart/support';
import { bothOrdered, sharesOf } from './support';

const provider = createFakeProvider({ origin: ORIGIN, restaurant: { tips: { presets: [0.1, 0.15], custom: true } } });
const server = setupMsw(...provider.handlers);
const TABLE = 5;
const MARGHERITA = 33;

beforeEach(() => {
  provider.reset();
  window.scrollTo = vi.fn();
});

/** This phone scanned table 5 and ordered two margheritas as Ana; Ben's phone ordered a tiramisu. */
async function anaAndBen() {
  return { ...(await bothOrdered(provider, TABLE, { dish: MARGHERITA })), server };
}

/** As anaAndBen, then the pay screen opened on this phone: its form for choosing a share. */
async function payScreen() {
  const both = await anaAndBen();
  renderApp('/pay');
  return { ...both, form: await screen.findByTestId('choose-share') };
}

describe('an equal part', () => {
  it('keeps the number of people as typed, refuses one out of range beside the field, and sends nothing', async () => {
    const { ana, form } = await payScreen();
    await userEvent.click(within(form).getByRole('radio', { name: 'An equal part' }));
    const parts = within(form).getByLabelText('Split between how many people?');
    await userEvent.clear(parts);
    expect(parts).toHaveValue(null);
    await userEvent.type(parts, '1');
    expect(parts).toHaveValue(1);
    await userEvent.type(parts, '2');
    expect(parts).toHaveValue(12);

    for (const typed of ['0', '1', '-1', '', '51']) {
      await userEvent.clear(parts);
      if (typed !== '') await userEvent.type(parts, typed);
      await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
      expect(parts).toHaveAttribute('aria-invalid', 'true');
      expect(parts).toHaveAccessibleDescription(/^Enter a number of people between 2 and 50\./);
      expect(parts).toHaveFocus();
      expect(parts).toHaveValue(typed === '' ? null : Number(typed));
    }
    expect(await sharesOf(ana.seating_key)).toEqual([]);

    await userEvent.clear(parts);
    await userEvent.type(parts, '25');
    expect(parts).toHaveAttribute('aria-invalid', 'false');
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    await screen.findByTestId('demo-card');
    expect((await sharesOf(ana.seating_key)).map((share) => share.parts)).toEqual([25]);
  });

  it.each([
    [
      'es',
      'Una parte igual',
      '¿Entre cuántas personas?',
      'Continuar al pago',
      /^Escribe un número de personas entre 2 y 50\./,
    ],
    ['ar', 'حصة متساوية', 'بين كم شخصًا؟', 'المتابعة إلى الدفع', /^أدخل عدد أشخاص بين .+ و.+\./],
  ] as const)('says the limits in the guest’s language (%s)', async (language, mode, label, next, says) => {
    await activateLanguage(language);
    const { form } = await payScreen();
    await userEvent.click(await within(form).findByRole('radio', { name: mode }));
    const parts = within(form).getByLabelText(label);
    await userEvent.clear(parts);
    await userEvent.type(parts, '0');
    await userEvent.click(within(form).getByRole('button', { name: next }));
    expect(parts).toHaveAccessibleDescription(says);
  });
});

/** A share this phone made and left open (its amount held), remembered as the phone remembers its own. */
async function ownOpenShare(seatingKey: string, amount: number) {
  const response = await fetch(`${API}/table/bill/shares`, {
    method: 'POST',
    headers: {
      Authorization: 'Bearer demo-token',
      'Content-Type': 'application/json',
      'X-Seating-Key': seatingKey,
      'Idempotency-Key': `own-share-${amount}`,
    },
    body: JSON.stringify({ kind: 'amount', amount }),
  });
  const share = shareSchema.parse(await response.json());
  rememberShare(share);
  return share;
}

describe('a share the provider refuses', () => {
  it('says the provider’s reason, and the phone’s own payment waiting that holds part of the bill', async () => {
    const { ana } = await anaAndBen();
    await ownOpenShare(ana.seating_key, 10);
    renderApp('/pay');
    const form = await screen.findByTestId('choose-share');
    expect(screen.getByTestId('payment-in-progress')).toHaveTextContent('You have a payment of $10.00 in progress.');
    // The phone's dishes (two margheritas, $23.00) are more than the $20.50 the open share leaves.
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    const refused = await screen.findByTestId('pay-failed');
    expect(within(refused).getByRole('alert')).toHaveTextContent(
      'The restaurant could not take that payment, and nothing was charged. Its reason: A share may be at most what is left to pay: $20.50',
    );
    const waiting = within(refused).getByTestId('payment-in-progress');
    expect(waiting).toHaveTextContent('You have a payment of $10.00 in progress.');
    await userEvent.click(within(waiting).getByRole('link', { name: 'Continue paying' }));
    expect(within(await screen.findByTestId('demo-card')).getByTestId('share-total')).toHaveTextContent('$10.00');
  });

  it('leads in with the guest’s language before the provider’s reason (es)', async () => {
    await activateLanguage('es');
    const { ana } = await anaAndBen();
    await ownOpenShare(ana.seating_key, 10);
    renderApp('/pay');
    const form = await screen.findByTestId('choose-share');
    await userEvent.click(within(form).getByRole('button', { name: 'Continuar al pago' }));
    const refused = await screen.findByTestId('pay-failed');
    expect(within(refused).getByRole('alert')).toHaveTextContent(
      /^El restaurante no pudo aceptar ese pago y no se ha cobrado nada\. Su motivo: A share may be at most what is left to pay: /,
    );
  });
});

describe('trying again', () => {
  it('after a declined card, gives back the amount and the tip chosen', async () => {
    const { form } = await payScreen();
    await userEvent.click(within(form).getByRole('radio', { name: 'An amount' }));
    await userEvent.type(within(form).getByLabelText('Amount'), '12.50');
    await userEvent.click(within(form).getByRole('radio', { name: '15 %' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    const card = await screen.findByTestId('demo-card');
    await userEvent.type(within(card).getByLabelText('Card number'), '4000 0000 0000 0002');
    await userEvent.click(within(card).getByRole('button', { name: /^Pay / }));
    await screen.findByTestId('pay-declined');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    const again = await screen.findByTestId('choose-share');
    expect(within(again).getByRole('radio', { name: 'An amount' })).toBeChecked();
    expect(within(again).getByLabelText('Amount')).toHaveValue('12.50');
    expect(within(again).getByRole('radio', { name: '15 %' })).toBeChecked();
    expect(within(again).getByTestId('share-estimate')).toHaveTextContent('$14.38');
  });

  it('after a refused second step, gives back the dishes and the tip of the guest’s own', async () => {
    const { form } = await payScreen();
    await userEvent.click(within(form).getByRole('checkbox', { name: /Tiramisu · Ben/ }));
    await userEvent.click(within(form).getByRole('radio', { name: 'Other' }));
    await userEvent.type(within(form).getByLabelText('Tip amount'), '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    const card = await screen.findByTestId('demo-card');
    await userEvent.type(within(card).getByLabelText('Card number'), '4000 0025 0000 3155');
    await userEvent.click(within(card).getByRole('button', { name: /^Pay / }));
    await userEvent.click(
      within(await screen.findByTestId('second-step')).getByRole('button', { name: 'Do not confirm' }),
    );
    await screen.findByTestId('pay-declined');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    const again = await screen.findByTestId('choose-share');
    expect(within(again).getByRole('radio', { name: 'My dishes' })).toBeChecked();
    expect(within(again).getByRole('checkbox', { name: /Margherita · Ana/ })).toBeChecked();
    expect(within(again).getByRole('checkbox', { name: /Tiramisu · Ben/ })).toBeChecked();
    expect(within(again).getByRole('radio', { name: 'Other' })).toBeChecked();
    expect(within(again).getByLabelText('Tip amount')).toHaveValue('2');
    expect(within(again).getByTestId('share-estimate')).toHaveTextContent('$32.50');
  });
});

describe('a card number that is not a test card', () => {
  it('says so beside the number, keeps the payment open, and offers to cancel it', async () => {
    const { ana, form } = await payScreen();
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    const card = await screen.findByTestId('demo-card');
    await userEvent.type(within(card).getByLabelText('Card number'), '5555 5555 5555 4444');
    await userEvent.click(within(card).getByRole('button', { name: /^Pay / }));

    const again = await screen.findByTestId('demo-card');
    await within(again).findByRole('alert');
    const number = within(again).getByLabelText('Card number');
    expect(number).toHaveAccessibleDescription(/^This card number is not one of the test cards\./);
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveValue('5555555555554444');
    expect(number).toHaveFocus();
    expect(screen.queryByText(/Check the bill and try again/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel this payment' }));
    expect(await screen.findByTestId('payment-cancelled')).toBeInTheDocument();
    expect((await sharesOf(ana.seating_key)).map((share) => (share as { status?: string }).status)).toEqual([
      'cancelled',
    ]);
  });

  it('says so in Arabic', async () => {
    await activateLanguage('ar');
    const { form } = await payScreen();
    await userEvent.click(within(form).getByRole('button', { name: 'المتابعة إلى الدفع' }));
    const card = await screen.findByTestId('demo-card');
    await userEvent.type(within(card).getByRole('textbox'), '5555555555554444');
    await userEvent.click(within(card).getByRole('button'));
    expect(await within(await screen.findByTestId('demo-card')).findByRole('alert')).toHaveTextContent(
      /^رقم البطاقة هذا ليس من بطاقات الاختبار\./,
    );
  });
});

describe('the test card numbers', () => {
  it.each(['en', 'es', 'ar'] as const)(
    'are isolated left to right in the sentence, and the number field too (%s)',
    async (language) => {
      await activateLanguage(language);
      const { form } = await payScreen();
      await userEvent.click(within(form).getByRole('button', { name: /./, description: '' }));
      const card = await screen.findByTestId('demo-card');
      const number = within(card).getByRole('textbox');
      expect(number).toHaveAttribute('dir', 'ltr');
      const hint = number.getAttribute('aria-describedby') ?? '';
      const text = document.getElementById(hint)?.textContent ?? '';
      for (const shown of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0025 0000 3155']) {
        expect(text).toContain(`\u2066${shown}\u2069`);
      }
    },
  );
});

describe('the focus from step to step', () => {
  it('goes to each new step’s heading: payment, declined, the choice again, the receipt', async () => {
    const { form } = await payScreen();
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    const card = await screen.findByTestId('demo-card');
    await waitFor(() => expect(within(card).getByRole('heading', { name: /^Pay / })).toHaveFocus());
    await userEvent.type(within(card).getByLabelText('Card number'), '4000 0000 0000 0002');
    await userEvent.click(within(card).getByRole('button', { name: /^Pay / }));
    const declined = await screen.findByTestId('pay-declined');
    await waitFor(() =>
      expect(within(declined).getByRole('heading', { name: 'The payment did not go through' })).toHaveFocus(),
    );
    await userEvent.click(within(declined).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'The bill' })).toHaveFocus());

    await userEvent.click(
      within(await screen.findByTestId('choose-share')).getByRole('button', { name: 'Continue to payment' }),
    );
    const again = await screen.findByTestId('demo-card');
    await userEvent.type(within(again).getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.click(within(again).getByRole('button', { name: /^Pay / }));
    const receipt = await screen.findByTestId('receipt');
    await waitFor(() => expect(within(receipt).getByRole('heading', { name: 'Receipt' })).toHaveFocus());
  });

  it('goes to the refusal’s heading when the share is refused', async () => {
    const { ana } = await anaAndBen();
    await ownOpenShare(ana.seating_key, 10);
    renderApp('/pay');
    await userEvent.click(
      within(await screen.findByTestId('choose-share')).getByRole('button', { name: 'Continue to payment' }),
    );
    const refused = await screen.findByTestId('pay-failed');
    await waitFor(() =>
      expect(within(refused).getByRole('heading', { name: 'We couldn’t take that payment' })).toHaveFocus(),
    );
  });
});

describe('the amount field’s messages', () => {
  it.each([
    ['0', 'Enter an amount more than $0.00 and up to $30.50.'],
    ['-5', 'Enter an amount more than $0.00 and up to $30.50.'],
    ['200', 'Enter an amount more than $0.00 and up to $30.50.'],
    ['abc', 'Type an amount like 5.50.'],
  ])('“%s”: says what is wrong in place of an estimate, then beside the field', async (typed, says) => {
    const { ana, form } = await payScreen();
    await userEvent.click(within(form).getByRole('radio', { name: 'An amount' }));
    const amount = within(form).getByLabelText('Amount');
    await userEvent.type(amount, typed);
    expect(within(form).queryByTestId('share-estimate')).toBeNull();
    expect(within(form).getByTestId('share-estimate-problem')).toHaveTextContent(says);
    await userEvent.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    expect(amount).toHaveAccessibleDescription(new RegExp(`^${says.replace(/[.$]/g, '\\$&')}`));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    // Said once: beside the field now.
    expect(within(form).queryByTestId('share-estimate-problem')).toBeNull();
    expect(await sharesOf(ana.seating_key)).toEqual([]);
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.50');
    expect(amount).toHaveAttribute('aria-invalid', 'false');
    expect(within(form).getByTestId('share-estimate')).toHaveTextContent('$12.50');
  });

  it.each([
    ['es', 'Una cantidad', 'Cantidad', /^Introduce una cantidad de más de 0,00\sUS\$ y hasta 30,50\sUS\$\.$/],
    ['ar', 'مبلغًا', 'المبلغ', /^أدخل مبلغًا أكبر من .+ وحتى .+\.$/],
  ] as const)('says both ends in the guest’s language (%s)', async (language, mode, label, says) => {
    await activateLanguage(language);
    const { form } = await payScreen();
    await userEvent.click(await within(form).findByRole('radio', { name: mode }));
    await userEvent.type(within(form).getByLabelText(label), '0');
    expect(within(form).getByTestId('share-estimate-problem')).toHaveTextContent(says);
  });
});
