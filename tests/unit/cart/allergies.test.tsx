// The guest's allergies for the kitchen: chosen in the cart (starting from the dish filter), sent with the order to a
// provider that takes them and shown on the kitchen's ticket; a provider without them is never sent the field.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { providerErrorResponse } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { consoleProvider, openBoardAs } from '../staff/support';
import { API, margherita, recordOrderRequests, seedCart } from './support';

const { provider, server } = consoleProvider();

beforeEach(() => {
  localStorage.setItem('table_id', '3');
});

const allergiesGroup = () => screen.findByRole('group', { name: 'Allergies to tell the kitchen' });

async function placeAndFollow() {
  await userEvent.click(await screen.findByTestId('place-order'));
  await screen.findByRole('heading', { level: 1, name: /^Order [0-9A-Z]{8}$/ });
}

describe('the guest’s allergies', () => {
  it('start from the allergens the filter hides, can be changed, reach the provider and shout on the kitchen’s ticket', async () => {
    const user = userEvent.setup();
    const requests = recordOrderRequests();
    server.use(requests.handler);
    seedCart(margherita);
    renderApp('/cart?hide=peanuts,milk');

    const group = await allergiesGroup();
    expect(group).toHaveAccessibleDescription(/Filled in from the dishes you hid/);
    expect(within(group).getByRole('checkbox', { name: 'Peanuts' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Milk' })).toBeChecked();
    expect(within(group).getAllByRole('checkbox')).toHaveLength(14);
    await user.click(within(group).getByRole('checkbox', { name: 'Milk' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Sesame' }));
    await placeAndFollow();

    expect(requests.seen.map((seen) => seen.body)).toEqual([
      { table_id: 3, items: [{ menu_id: 33, quantity: 1 }], allergies: ['peanuts', 'sesame'] },
    ]);
    const [placed] = provider.state.orders;
    expect(placed?.allergies).toEqual(['peanuts', 'sesame']);

    cleanup();
    await openBoardAs(provider, 'cook');
    const card = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(`[data-order-id="${placed!.orderID}"]`);
      if (!found) throw new Error('no ticket yet');
      return found;
    });
    expect(within(card).getByTestId('allergy-banner')).toHaveTextContent('ALLERGY: peanuts, sesame');
  });

  it('are not asked for, nor sent, when the provider has no profile (before v1.2)', async () => {
    const requests = recordOrderRequests();
    let profileAsked = false;
    server.use(
      requests.handler,
      http.get(`${API}/restaurant`, () => {
        profileAsked = true;
        return providerErrorResponse(404, 'Not found');
      }),
    );
    seedCart(margherita);
    renderApp('/cart?hide=peanuts');

    await waitFor(() => expect(profileAsked).toBe(true));
    await screen.findByTestId('place-order');
    expect(screen.queryByRole('group', { name: 'Allergies to tell the kitchen' })).toBeNull();
    await placeAndFollow();
    expect(requests.seen.map((seen) => seen.body)).toEqual([{ table_id: 3, items: [{ menu_id: 33, quantity: 1 }] }]);
  });
});
