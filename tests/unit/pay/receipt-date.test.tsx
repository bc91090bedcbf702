// A kept receipt's date and time read as the rest of the app writes them, in the guest's language ("29 nov, 12:54"),
// not in the browser's default format with the year and seconds.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../src/ui/i18n/i18n';
import { renderApp } from '../../support/render-app';

// Midday UTC: the 29th in every time zone the tests may run in.
const PAID_AT = '2026-11-29T12:54:31.000Z';

function keepReceipt() {
  localStorage.setItem(
    'receipts',
    JSON.stringify([
      {
        share_id: 7,
        table_id: 5,
        table_name: 'Window 5',
        restaurant: 'Amber Table',
        currency: 'USD',
        kind: 'amount',
        lines: [],
        amount: 12,
        tip: 0,
        total: 12,
        paid_at: PAID_AT,
        provider: 'demo',
      },
    ]),
  );
}

describe('the receipt’s date', () => {
  it.each([
    ['es', /^29 nov, \d{1,2}:54$/],
    ['ar', /^29 نوفمبر، \d{1,2}:54( [صم])?$/],
  ] as const)('in %s, as the app writes dates and times', async (language, written) => {
    await activateLanguage(language);
    keepReceipt();
    renderApp('/pay?share=7');
    const receipt = await screen.findByTestId('receipt');
    const time = within(receipt).getByText((_, element) => element?.tagName === 'TIME');
    expect(time).toHaveAttribute('datetime', PAID_AT);
    expect(time.textContent).toMatch(written);
  });
});
