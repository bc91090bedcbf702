// The guest screens' finishing at phone width: the styles each screen loads reach its controls (the real stylesheets are
// put in the page, as jsdom has no build), the dish dialog's headings sit inside their boxes, the list leaves room for
// the View cart bar, and the restaurant's name takes its own direction in Arabic.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { activateLanguage } from '../../../src/ui/i18n/i18n';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { fakeProvider } from '../pos/support';

const provider = fakeProvider();
setupMsw(...provider.handlers);

// Read from disk: Vitest hands CSS imports (even ?raw) over empty.
const MENU_STYLES = [
  // Every screen has the entry's stylesheet and the shell's (the app's frame imports it): the shared link-button lives
  // in the shell's.
  'styles/global.css',
  'styles/shell.css',
  'pos/pos.css',
  'pos/dish-options.css',
  'dish-filter/dish-filter-choices.css',
  'table-bill/guest-name.css',
].map((path) => readFileSync(`${process.cwd()}/src/ui/${path}`, 'utf8'));

/** What the built app would have on the menu screen: the stylesheets its modules import. */
function loadMenuStyles() {
  for (const css of MENU_STYLES) {
    const style = document.createElement('style');
    style.dataset.test = 'menu-styles';
    style.textContent = css;
    document.head.append(style);
  }
}

beforeEach(() => {
  provider.reset();
  localStorage.clear();
  window.scrollTo = vi.fn();
  loadMenuStyles();
});

afterEach(async () => {
  for (const style of document.head.querySelectorAll('style[data-test="menu-styles"]')) style.remove();
  await activateLanguage('en');
});

describe('the menu at phone width', () => {
  it('in Arabic, the restaurant’s name takes its own direction, so a Latin name is cut at its end', async () => {
    await activateLanguage('ar');
    renderApp('/');
    const brand = await screen.findByRole('link', { name: 'Amber Table' });
    expect(brand).toHaveAttribute('dir', 'auto');
  });

  it('an option group’s heading sits inside its box, clear of the border', async () => {
    renderApp('/?category_id=3&sub_cat_id=7');
    await userEvent.click(await screen.findByRole('button', { name: 'Choose options for Funghi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Funghi' });
    const legends = dialog.querySelectorAll('legend');
    expect(legends.length).toBeGreaterThan(0);
    // Floated, a legend is laid out inside the fieldset's padding instead of over its top border.
    for (const legend of legends) expect(getComputedStyle(legend).float).toBe('inline-start');
  });

  it('once something is in the cart, the list ends with room for the View cart bar', async () => {
    renderApp('/?category_id=1');
    expect(screen.queryByTestId('view-cart-room')).toBeNull();
    const add = await screen.findAllByRole('button', { name: /^Add .+ to cart$/ });
    await userEvent.click(add[0]!);
    const room = await screen.findByTestId('view-cart-room');
    // In the flow after the list (the bar itself is fixed over it).
    expect(getComputedStyle(room).position).not.toBe('fixed');
    expect(
      room.compareDocumentPosition(screen.getByTestId('view-cart')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('on a table’s QR link, the header keeps Call the waiter’s room from the first render, and the button comes into it', async () => {
    localStorage.setItem('guest_name', JSON.stringify({ name: null }));
    renderApp(`/?table=5&key=${provider.tableKey(5)}&category_id=1`);
    await screen.findByRole('heading', { level: 1, name: 'Menu' });
    const room = screen.getByTestId('call-waiter-slot');
    expect(getComputedStyle(room).minHeight).toBe('3rem');
    const button = await within(room).findByRole('button', { name: 'Call the waiter' });
    // Its state goes beside it, not under it: a button's height is all the room there is.
    expect(getComputedStyle(button.parentElement!).display).toBe('flex');
    expect(getComputedStyle(button.parentElement!).flexDirection).not.toBe('column');
  });

  it('Clear filters and the name field are styled on the menu, where the cart’s and bill’s styles are not loaded', async () => {
    localStorage.setItem('table_id', '5');
    localStorage.setItem('table_key', JSON.stringify({ table_id: 5, key: provider.tableKey(5) }));
    const user = userEvent.setup();
    renderApp('/?category_id=3&sub_cat_id=7&hide=milk');
    const filter = await screen.findByTestId('dish-filter');
    await user.click(within(filter).getByText(/Allergens and diets/));
    const clear = await within(filter).findByRole('button', { name: 'Clear filters' });
    expect(getComputedStyle(clear).textDecoration).toContain('underline');
    expect(getComputedStyle(clear).minHeight).toBe('44px');

    const name = within(await screen.findByTestId('guest-name-prompt')).getByLabelText('Your first name (optional)');
    await waitFor(() => expect(getComputedStyle(name).borderRadius).toBe('0.5rem'));
    expect(getComputedStyle(name).minHeight).toBe('44px');
  });
});
