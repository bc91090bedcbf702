// The till and refunds in a restaurant that writes money the Spanish way (es-ES): amounts prefilled and read with a
// decimal comma (and a plain dot), and a bad or negative amount or tip refused beside its field before anything is
// sent, never dropped.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app';
import { consoleProvider, place } from './support';

const { provider } = consoleProvider();

/** Euros written in es-ES, whatever space Intl puts before the sign. */
const euros = (amount: string) => new RegExp(`${amount}\\s€`);

async function openBill() {
  provider.restaurant.set({ currency: 'EUR', locale: 'es-ES', languages: ['en', 'es'] });
  await place(1, [{ menu_id: 33, quantity: 2 }]);
  provider.staff.signInBrowser('manager');
  renderApp('/staff/floor');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^Bill\s*of Window 1$/ }));
  const panel = await screen.findByTestId('table-bill-panel');
  const balance = (await within(panel).findByTestId('staff-bill-balance')).textContent ?? '';
  /** Records a payment of `amount` as typed over the prefilled one, with `tip` typed when given. */
  const record = async (amount: string, tip?: string) => {
    const field = within(panel).getByLabelText(/^Amount \(at most /);
    await user.clear(field);
    await user.type(field, amount);
    if (tip !== undefined) await user.type(within(panel).getByLabelText('Tip'), tip);
    await user.click(within(panel).getByRole('button', { name: 'Record payment' }));
  };
  return { user, panel, balance, record };
}

describe('the till in es-ES', () => {
  it('says how many of each line are paid as a count, not a bare number beside the prices', async () => {
    const { panel } = await openBill();
    const table = within(panel).getByRole('table', { name: 'What the table ordered' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').at(-1)).toHaveTextContent(/^0 of 2 paid$/);
  });

  it('prefills the amount as the label writes it, and takes a comma amount with a comma tip', async () => {
    const { panel, balance, record } = await openBill();
    const amount = within(panel).getByLabelText(/^Amount \(at most /);
    expect(balance).toMatch(/^\d+,\d\d\s€$/);
    expect(amount).toHaveValue(balance.replace(/\s€$/, ''));

    await record('5,50', '1,5');

    expect(await within(panel).findByText(/^Cash: /)).toHaveTextContent(
      new RegExp(`Cash: ${euros('5,50').source} \\+ ${euros('1,50').source} tip`),
    );
    expect(provider.bill.payments()).toMatchObject([{ amountCents: 550, tipCents: 150 }]);
  });

  it('takes a plain dot too', async () => {
    const { panel, record } = await openBill();
    await record('4.25');
    await within(panel).findByText(/^Cash: /);
    expect(provider.bill.payments()).toMatchObject([{ amountCents: 425, tipCents: 0 }]);
  });

  it('takes an amount and a tip written with the restaurant’s currency sign, as its examples are', async () => {
    const { panel, record } = await openBill();
    await record('4,25 €', '€1');
    await within(panel).findByText(/^Cash: /);
    expect(provider.bill.payments()).toMatchObject([{ amountCents: 425, tipCents: 100 }]);
  });

  it('after a part is taken, offers what is now left', async () => {
    const { panel, record } = await openBill();
    await record('5,50');
    await within(panel).findByText(/^Cash: /);

    // Two Margheritas at 11,50 €, less the 5,50 € taken.
    expect(await within(panel).findByText(new RegExp(`^Amount \\(at most ${euros('17,50').source}\\)`))).toBeVisible();
    expect(within(panel).getByLabelText(/^Amount \(at most /)).toHaveValue('17,50');
  });

  it('refuses a negative or unreadable tip beside the field, sends nothing, and keeps what was typed', async () => {
    const { user, panel } = await openBill();
    const tip = within(panel).getByLabelText('Tip');
    const record = within(panel).getByRole('button', { name: 'Record payment' });
    await user.type(tip, '-1');
    await user.click(record);
    expect(tip).toHaveAccessibleDescription('A tip can’t be negative.');
    expect(tip).toHaveAttribute('aria-invalid', 'true');
    expect(tip).toHaveFocus();
    expect(tip).toHaveValue('-1');

    // Another currency's sign is not this restaurant's money.
    await user.clear(tip);
    await user.type(tip, '1,5$');
    await user.click(record);
    expect(tip).toHaveAccessibleDescription(
      new RegExp(`^Type a tip like ${euros('1,50').source}, or leave it empty\\.$`),
    );
    expect(provider.bill.payments()).toEqual([]);
    expect(panel).not.toHaveTextContent(/Invalid input|received null/);
  });

  it('refuses an unreadable amount, or one over what is left, with a message instead of the validator’s', async () => {
    const { user, panel, balance } = await openBill();
    const amount = within(panel).getByLabelText(/^Amount \(at most /);
    const record = within(panel).getByRole('button', { name: 'Record payment' });
    await user.clear(amount);
    await user.type(amount, '5,5,0');
    await user.click(record);
    expect(amount).toHaveAccessibleDescription(new RegExp(`^Type an amount like ${euros('5,50').source}\\.$`));
    expect(amount).toHaveFocus();

    await user.clear(amount);
    await user.type(amount, '100000');
    await user.click(record);
    expect(amount).toHaveAccessibleDescription(`At most ${balance}.`);
    expect(provider.bill.payments()).toEqual([]);
    expect(panel).not.toHaveTextContent(/Invalid input|received null/);
  });

  it('refunds a comma amount, prefilled with what is left of the payment', async () => {
    const { user, panel, record } = await openBill();
    await record('5,50', '1,50');
    // Named by what the screen shows of the payment, not by an id it does not show.
    const payment = new RegExp(`^Refund\\s*Cash: ${euros('5,50').source}$`);
    await user.click(await within(panel).findByRole('button', { name: payment }));

    const refund = within(panel).getByRole('form', { name: payment });
    const back = within(refund).getByLabelText(/^Amount to give back/);
    expect(back).toHaveValue('7,00');
    await user.clear(back);
    await user.type(back, '2,5');
    // Without a reason, the button says what is missing instead of staying greyed out.
    const reason = within(refund).getByLabelText('Reason');
    await user.click(within(refund).getByRole('button', { name: 'Refund' }));
    expect(reason).toHaveAccessibleDescription('Say why the money goes back.');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    expect(within(panel).queryByText(/refunded/)).toBeNull();

    await user.type(reason, 'Cold pizza');
    expect(reason).toHaveAttribute('aria-invalid', 'false');
    await user.click(within(refund).getByRole('button', { name: 'Refund' }));
    expect(await within(panel).findByText(/refunded/)).toHaveTextContent(euros('2,50'));
  });
});
