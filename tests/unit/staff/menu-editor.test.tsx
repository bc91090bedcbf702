// The dish form (managers): a choice's allergens are typed as words, and a word that is not one of the 14 stops the
// save at that field, saying which allergen it most likely meant, instead of being dropped without a word.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../contract/guest';
import { renderApp } from '../../support/render-app';
import { API, consoleProvider } from './support';

const { provider, server } = consoleProvider();

async function dishWithOptions() {
  const response = await fetch(`${API}/menu`, { headers: { Authorization: 'Bearer demo-token' } });
  const dishes = (await response.json()) as MenuItem[];
  const dish = dishes.find((one) => (one.options ?? []).length > 0);
  if (!dish) throw new Error('the demo menu has no dish with options');
  return dish;
}

describe('a choice’s allergens in the dish form', { timeout: 30_000 }, () => {
  it('refuses to save a word that is not one of the 14: the field is focused and suggests the allergen meant', async () => {
    const dish = await dishWithOptions();
    const patches: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PATCH') patches.push(request.url);
    });
    provider.staff.signInBrowser('manager');
    renderApp(`/staff/menu-editor?edit=dish-${dish.id}`);

    const form = await screen.findByTestId('dish-form');
    const [choice] = await within(form).findAllByTestId('option-choice');
    const allergens = within(choice!).getByRole('textbox', { name: /allergens it adds/ });
    await userEvent.clear(allergens);
    await userEvent.type(allergens, 'milk, peanut');
    await userEvent.click(within(form).getByRole('button', { name: 'Save dish' }));

    await waitFor(() => expect(allergens).toHaveFocus());
    expect(allergens).toBeInvalid();
    expect(allergens).toHaveAccessibleDescription(
      'Not one of the 14 allergens: “peanut” (did you mean “peanuts”?). Correct it before saving.',
    );
    expect(patches).toEqual([]);
    server.events.removeAllListeners();

    await userEvent.clear(allergens);
    await userEvent.type(allergens, 'milk, peanuts');
    expect(allergens).toBeValid();
    await userEvent.click(within(form).getByRole('button', { name: 'Save dish' }));
    // Said beside the buttons, where the focus stays.
    await waitFor(() => expect(within(form).getByTestId('dish-status')).toHaveTextContent(`Saved ${dish.name}`));
  });

  it('says in a plain sentence why a photo was refused: another type, or a file that is not what it claims', async () => {
    const dish = await dishWithOptions();
    provider.staff.signInBrowser('manager');
    renderApp(`/staff/menu-editor?edit=dish-${dish.id}`);
    const input = await screen.findByTestId('photo-file');

    // upload() would drop a file its accept= leaves out, as a browser's picker hides it; the camera's input takes any.
    const camera = screen.getByTestId('photo-camera');
    await userEvent.upload(camera, new File(['GIF89a'], 'dish.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^The photo was not saved: a GIF file cannot be used\. Choose a JPEG, PNG or WebP photo\.$/,
    );

    await userEvent.upload(input, new File(['not a jpeg at all'], 'dish.jpg', { type: 'image/jpeg' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        /^The photo was not saved: this file is not a JPEG image, whatever its name says\. Choose another photo\.$/,
      ),
    );
  });
});
