// Dish options in the dialog: radio and checkbox groups, required picks, limits, sold-out choices, the running price,
// allergens, and choices carried through the cart into the order.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { demoRestaurant } from '../../../server/seed/demo-restaurant';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { API, fakeProvider } from './support';

const provider = fakeProvider();
const server = setupMsw(...provider.handlers);

const storedCart = () => JSON.parse(localStorage.getItem('order_items') ?? '[]') as Record<string, unknown>[];

async function openFunghi() {
  const rendered = renderApp('/?category_id=3&sub_cat_id=7');
  // A dish with a required choice is not added from its card: its button opens the dialog.
  await userEvent.click(await screen.findByRole('button', { name: 'Choose options for Funghi' }));
  return { dialog: await screen.findByRole('dialog', { name: 'Funghi' }), ...rendered };
}

describe('dish options', () => {
  it('shows each group with its limits, and keeps Add disabled with a message until the size is chosen', async () => {
    const { dialog } = await openFunghi();
    const size = within(dialog).getByRole('group', { name: /^Size Required, choose 1/ });
    expect(within(size).getAllByRole('radio')).toHaveLength(3);
    const toppings = within(dialog).getByRole('group', { name: /^Extra toppings Optional, choose up to 3/ });
    expect(within(toppings).getAllByRole('checkbox')).toHaveLength(5);
    expect(within(toppings).getByRole('checkbox', { name: /Anchovies .*\(sold out\)/ })).toBeDisabled();

    const add = within(dialog).getByTestId('add-to-cart');
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Choose size to add this dish.');
    await userEvent.click(within(size).getByRole('radio', { name: /Regular 30 cm/ }));
    expect(add).toBeEnabled();
    expect(within(dialog).queryByText(/to add this dish/)).not.toBeInTheDocument();
  });

  it('is used by keyboard alone: arrows pick a size, Space ticks extras, and the price follows', async () => {
    const { dialog } = await openFunghi();
    const add = within(dialog).getByTestId('add-to-cart');
    expect(add).toHaveTextContent('$13.20');
    const size = within(dialog).getByRole('group', { name: /^Size/ });
    // From the title (focused on opening), Tab reaches the size group on its first radio; an arrow moves the pick.
    await userEvent.tab();
    expect(within(size).getByRole('radio', { name: /Regular/ })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}');
    expect(within(size).getByRole('radio', { name: /Large 36 cm/ })).toBeChecked();
    await userEvent.tab();
    expect(within(dialog).getByRole('checkbox', { name: /Extra mozzarella/ })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(within(dialog).getByRole('checkbox', { name: /Mushrooms/ })).toBeChecked();
    expect(add).toHaveTextContent('Add 1 to cart · $19.40');
  });

  it('enforces “choose up to 3”: a fourth extra cannot be ticked until one is taken off', async () => {
    const { dialog } = await openFunghi();
    const toppings = within(dialog).getByRole('group', { name: /^Extra toppings/ });
    for (const name of [/Extra mozzarella/, /Mushrooms/, /Olives/]) {
      await userEvent.click(within(toppings).getByRole('checkbox', { name }));
    }
    const salami = within(toppings).getByRole('checkbox', { name: /Spicy salami/ });
    expect(salami).toBeDisabled();
    await userEvent.click(within(toppings).getByRole('checkbox', { name: /Olives/ }));
    expect(salami).toBeEnabled();
  });

  it('adds the dish with its choices at the price including them, shows them in the cart, and orders them', async () => {
    localStorage.setItem('table_id', '3');
    const { dialog, router } = await openFunghi();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Large 36 cm/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Extra mozzarella/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Mushrooms/ }));
    await userEvent.click(within(dialog).getByTestId('add-to-cart'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(storedCart()).toEqual([
      expect.objectContaining({
        menu_id: 37,
        price: 19.4,
        choices: [
          { id: 3712, name: 'Large 36 cm', price: 3.5 },
          { id: 3721, name: 'Extra mozzarella', price: 1.5 },
          { id: 3722, name: 'Mushrooms', price: 1.2 },
        ],
      }),
    ]);

    // The same pizza in another size is a line of its own.
    await userEvent.click(screen.getByRole('button', { name: 'Choose options for Funghi' }));
    const again = await screen.findByRole('dialog', { name: 'Funghi' });
    await userEvent.click(within(again).getByRole('radio', { name: /Regular 30 cm/ }));
    await userEvent.click(within(again).getByTestId('add-to-cart'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await router.navigate({ to: '/cart' });
    const choices = await screen.findAllByTestId('line-choices');
    expect(choices.map((line) => line.textContent)).toEqual([
      'Large 36 cm, Extra mozzarella, Mushrooms',
      'Regular 30 cm',
    ]);
    await userEvent.click(screen.getByTestId('place-order'));
    await screen.findByRole('heading', { level: 1, name: /^Order [0-9A-Z]{8}$/ });
    const [placed] = provider.state.orders;
    expect(placed?.lines.map((line) => [line.choices.map((choice) => choice.id), line.priceCents])).toEqual([
      [[3712, 3721, 3722], 1940],
      [[3711], 1320],
    ]);
    expect((await screen.findAllByTestId('line-choices')).map((line) => line.textContent)).toEqual([
      'Large 36 cm, Extra mozzarella, Mushrooms',
      'Regular 30 cm',
    ]);
  });

  it('shows declared allergens, and says when a dish has none declared', async () => {
    renderApp('/?category_id=3&sub_cat_id=7&menu_id=37');
    const funghi = await screen.findByRole('dialog', { name: 'Funghi' });
    expect(within(funghi).getByTestId('dish-allergens')).toHaveTextContent('Contains gluten, milk');
    expect(within(funghi).getByRole('checkbox', { name: /Extra mozzarella .*contains milk/ })).toBeInTheDocument();
    const capricciosa = screen.getByRole('article', { name: 'Capricciosa' });
    expect(capricciosa).toHaveTextContent('Allergens not declared, ask the staff');
    // Pictures beside the words, one per declared allergen, hidden from screen readers; none for an undeclared dish.
    const funghiCard = screen.getByRole('article', { name: 'Funghi' });
    const pictured = (icons: HTMLElement) =>
      [...icons.querySelectorAll('svg')].map((icon) => icon.getAttribute('data-allergen'));
    expect(pictured(within(funghiCard).getByTestId('allergen-icons'))).toEqual(['gluten', 'milk']);
    expect(within(funghiCard).getByTestId('allergen-icons')).toHaveAttribute('aria-hidden', 'true');
    expect(pictured(within(funghi).getByTestId('allergen-icons'))).toEqual(['gluten', 'milk']);
    expect(within(capricciosa).queryByTestId('allergen-icons')).toBeNull();
  });

  it('adds a dish without required choices straight from its card, as before', async () => {
    renderApp('/?category_id=3&sub_cat_id=7');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Margherita to cart' }));
    expect(storedCart()).toEqual([expect.objectContaining({ menu_id: 33, price: 11.5 })]);
    expect(storedCart()[0]).not.toHaveProperty('choices');
  });

  it('marks a choice holding an allergen the guest hides, and does not let it be picked', async () => {
    renderApp('/?menu_id=63&hide=soybeans');
    const dialog = await screen.findByRole('dialog', { name: 'Flat White' });
    // Found by waiting: under load the dialog opened by a link can still be settling when it is first found.
    const soy = await within(dialog).findByRole('radio', {
      name: 'Soy milk +$0.50 (contains soybeans) (you asked to avoid soybeans)',
    });
    expect(soy).toBeDisabled();
    expect(soy.closest('label')).toHaveClass('dish-options__choice--avoided');
    // Oat milk holds gluten, which this guest does not hide: it stays a choice, its allergen said as before.
    const oat = within(dialog).getByRole('radio', { name: 'Oat milk +$0.50 (contains gluten)' });
    await userEvent.click(oat);
    expect(oat).toBeChecked();
    await userEvent.click(soy);
    expect(soy).not.toBeChecked();
    await userEvent.click(within(dialog).getByTestId('add-to-cart'));
    expect(storedCart()).toEqual([
      expect.objectContaining({ menu_id: 63, choices: [expect.objectContaining({ id: 6311 })] }),
    ]);
  });

  it('without a filter, the same choice can be picked', async () => {
    renderApp('/?menu_id=63');
    const dialog = await screen.findByRole('dialog', { name: 'Flat White' });
    const soy = await within(dialog).findByRole('radio', { name: 'Soy milk +$0.50 (contains soybeans)' });
    expect(soy).toBeEnabled();
    await userEvent.click(soy);
    expect(soy).toBeChecked();
  });

  it('says so when a required group has no choice left the guest may pick, and keeps Add disabled', async () => {
    const flatWhite = demoRestaurant.menuItems.find((item) => item.id === 63)!;
    const milkRequired = {
      ...flatWhite,
      options: flatWhite.options?.map((group) => ({ ...group, min: 1 })),
    };
    server.use(
      http.get(`${API}/menu`, ({ request }) =>
        new URL(request.url).searchParams.get('menu_id') === '63' ? HttpResponse.json([milkRequired]) : undefined,
      ),
    );
    renderApp('/?menu_id=63&hide=gluten,soybeans');
    const dialog = await screen.findByRole('dialog', { name: 'Flat White' });
    expect((await within(dialog).findAllByRole('radio')).every((radio) => (radio as HTMLInputElement).disabled)).toBe(
      true,
    );
    const add = within(dialog).getByTestId('add-to-cart');
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      'Every choice of milk is sold out or contains something you asked to avoid.',
    );
  });

  it('against a v1 provider (no options, no allergens), adds from the card and shows no allergen text', async () => {
    const v1Menu = demoRestaurant.menuItems
      .filter((item) => item.sub_cat_id === 7)
      .map(({ options: _options, allergens: _allergens, ...item }) => item);
    server.use(http.get(`${API}/menu`, () => HttpResponse.json(v1Menu)));
    renderApp('/?category_id=3&sub_cat_id=7');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Funghi to cart' }));
    expect(storedCart()).toEqual([expect.objectContaining({ menu_id: 37, price: 13.2 })]);
    expect(screen.queryByText(/Allergens not declared|No declared allergens/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Contains gluten/)).not.toBeInTheDocument();
  });
});
