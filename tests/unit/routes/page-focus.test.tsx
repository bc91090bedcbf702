// Every route change puts the focus on the new screen's heading, whichever link led there (header, page, or keyboard).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeProvider } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';

const provider = createFakeProvider({ origin: 'http://localhost:3000' });
setupMsw(...provider.handlers);

beforeEach(() => {
  window.scrollTo = vi.fn();
});

describe('focus on arrival', () => {
  it('lands on the heading of the cart, the menu and the not-found page, with the keyboard', async () => {
    const { router } = renderApp('/?category_id=1');
    await screen.findByRole('link', { name: 'Clam Chowder' });

    // The header's cart link, with the keyboard: the link stays on screen, yet focus moves to the cart's heading.
    const cartLink = screen.getByRole('link', { name: /^Cart/ });
    cartLink.focus();
    await userEvent.keyboard('{Enter}');
    const cartHeading = await screen.findByRole('heading', { level: 1, name: 'Your cart' });
    await waitFor(() => expect(cartHeading).toHaveFocus());

    screen.getByRole('link', { name: 'Amber Table' }).focus();
    await userEvent.keyboard('{Enter}');
    const menuHeading = await screen.findByRole('heading', { level: 1, name: 'Menu' });
    await waitFor(() => expect(menuHeading).toHaveFocus());

    await router.navigate({ to: '/nowhere' as '/' });
    const notFound = await screen.findByRole('heading', { level: 1, name: 'Oops! Page Not Found' });
    await waitFor(() => expect(notFound).toHaveFocus());
  });

  it('leaves the focus in a dish dialog opened by its link', async () => {
    renderApp('/?category_id=3&sub_cat_id=7&menu_id=33');
    const dialog = await screen.findByRole('dialog', { name: 'Margherita' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Margherita' })).toHaveFocus());
    expect(dialog).toBeInTheDocument();
  });
});
