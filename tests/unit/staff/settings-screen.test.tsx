// The manager's Settings: the profile edited and saved (rates typed in percent, sent as fractions; languages ordered by
// buttons), field errors beside their fields with focus on the first, managers only; the console follows restaurant
// events; the print sheet's codes open the public address, with a warning until there is one; a refused token said on
// the sign-in form.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fakeLiveEvents } from '../../msw/live-events';
import { createFakeProvider } from '../../msw/provider-handlers';
import { renderApp } from '../../support/render-app';
import { API, consoleProvider } from './support';
import { ORIGIN } from '../cart/support';

const { provider, server } = consoleProvider();

async function openSettings(name: 'manager' | 'cook' = 'manager') {
  provider.staff.signInBrowser(name);
  const view = renderApp('/staff/settings');
  // By text, not role: role queries walk every one of the form's hundreds of <option>s.
  await screen.findByText(name === 'manager' ? 'Settings' : 'Managers only', { selector: 'h1' });
  if (name === 'manager') await screen.findByLabelText('Name');
  return view;
}

const field = (name: string | RegExp) => screen.getByLabelText(name);

/** Replaces a field's text as pasting would (typing each key re-renders the form once per character). */
async function replace(user: ReturnType<typeof userEvent.setup>, name: string | RegExp, text: string) {
  await user.clear(field(name));
  await user.click(field(name));
  await user.paste(text);
}

describe('Settings', () => {
  it('saves what the manager typed: rates as fractions, languages in their new order; the console follows', async () => {
    const user = userEvent.setup();
    await openSettings();
    expect(field('Name')).toHaveValue('Amber Table');
    expect(field('Tax rate (%)')).toHaveValue('0');

    await replace(user, 'Name', 'Casa Lucía');
    await replace(user, 'Currency', 'eur');
    expect(field('Currency')).toHaveAccessibleDescription(/EUR is the Euro\./);
    await user.selectOptions(field('Time zone: region'), 'Europe');
    await user.selectOptions(field('Time zone: place'), 'Europe/Madrid');
    await replace(user, 'Tax rate (%)', '7,5');
    await user.click(field('Menu prices include tax'));
    await user.click(field('A service charge'));
    await replace(user, 'Service charge (%)', '10');
    await user.selectOptions(field('Charged on'), 'food');
    await replace(user, 'Suggested tips (%)', '5, 12.5');
    await replace(user, 'Public address', 'https://order.casa-lucia.example/');
    // Spanish first, with the keyboard: focus stays on the button that moved it.
    const moveUp = field('Move up Spanish');
    moveUp.focus();
    await user.keyboard('{Enter}');
    expect(within(screen.getByTestId('settings-languages')).getAllByRole('listitem')[0]).toHaveTextContent(
      'Spanish (es) · the restaurant’s own',
    );
    expect(field('Move down Spanish')).toHaveFocus();
    await user.click(field('Remove Arabic'));

    await user.click(screen.getByText('Save settings'));
    expect(await screen.findByText(/^Settings saved\. Open screens/)).toBeInTheDocument();
    expect(provider.restaurant.profile()).toEqual({
      name: 'Casa Lucía',
      currency: 'EUR',
      locale: 'en-US',
      languages: ['es', 'en'],
      time_zone: 'Europe/Madrid',
      public_url: 'https://order.casa-lucia.example',
      tax: { rate: 0.075, included: false },
      service_charge: { rate: 0.1, applies_to: 'food' },
      tips: { presets: [0.05, 0.125], custom: true },
      day_starts_at: '04:00',
    });
    expect(screen.getByTestId('live-region')).toHaveTextContent('Settings saved');
    // The console's own header follows at once.
    expect(screen.getByText('Casa Lucía · Console')).toBeInTheDocument();
    // The form shows what was saved, as people type it.
    expect(field('Tax rate (%)')).toHaveValue('7.5');
    expect(field('Suggested tips (%)')).toHaveValue('5, 12.5');
  });

  it('shows each field error beside its field and puts focus on the first, from the form or the provider', async () => {
    const user = userEvent.setup();
    await openSettings();
    const sent: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT') sent.push(request.url);
    });

    // What cannot be a number is said before anything is sent.
    await replace(user, 'Tax rate (%)', 'ten');
    await user.click(screen.getByText('Save settings'));
    await waitFor(() => expect(field('Tax rate (%)')).toHaveFocus());
    expect(field('Tax rate (%)')).toHaveAccessibleDescription(/a percentage such as 10 or 7\.5/);
    expect(field('Tax rate (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);

    // The contract's limits are said in the form's terms (a rate in percent), beside each field, what was typed kept.
    await replace(user, 'Tax rate (%)', '1000');
    await user.clear(field('Name'));
    await user.click(screen.getByText('Save settings'));
    await waitFor(() => expect(field('Name')).toHaveFocus());
    expect(field('Name')).toHaveAccessibleDescription(/Enter the restaurant’s name$/);
    expect(field('Tax rate (%)')).toHaveAccessibleDescription(/Tax is at most 50 %$/);
    expect(field('Tax rate (%)')).toHaveValue('1000');
    expect(sent).toHaveLength(0);

    // What only the provider judges comes back as its 422's fields: each beside its own field.
    await replace(user, 'Name', 'Café Ámbar');
    await replace(user, 'Tax rate (%)', '10');
    await replace(user, 'Public address', 'order.example.com/menu');
    await replace(user, /^Locale/, 'not a locale');
    await user.click(screen.getByText('Save settings'));
    await waitFor(() => expect(field(/^Locale/)).toHaveFocus());
    expect(sent).toHaveLength(1);
    expect(field(/^Locale/)).toHaveAttribute('aria-invalid', 'true');
    expect(field('Tax rate (%)')).not.toHaveAttribute('aria-invalid');
    expect(field('Public address')).toHaveAccessibleDescription(/an origin such as https:\/\/order\.example\.com/);
    expect(field('Name')).not.toHaveAttribute('aria-invalid');
    expect(provider.restaurant.profile().tax.rate).toBe(0);
    server.events.removeAllListeners();
  });

  it('is not for the kitchen: the screen says so, and the console offers no way there', async () => {
    await openSettings('cook');
    expect(screen.getByText('This screen is for managers. Ask a manager to sign in.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });
});

describe('the rest of the console', () => {
  it('changes its name when a restaurant event arrives on staff/events', async () => {
    const staff = fakeLiveEvents(API, 'staff/events');
    server.use(staff.handler);
    provider.staff.signInBrowser('cook');
    renderApp('/staff');
    expect(await screen.findByText('Amber Table · Console')).toBeInTheDocument();
    await waitFor(() => expect(staff.open).toBe(1));
    staff.send({ id: 4, type: 'restaurant', data: { ...provider.restaurant.profile(), name: 'Casa Lucía' } });
    expect(await screen.findByText('Casa Lucía · Console')).toBeInTheDocument();
  });

  it('prints codes that open the public address, and warns while there is none', async () => {
    provider.staff.signInBrowser('manager');
    const { unmount } = renderApp('/staff/print');
    const warning = await screen.findByTestId('public-url-warning');
    expect(warning).toHaveTextContent(`these codes open this browser’s address (${ORIGIN})`);
    const [first] = await screen.findAllByRole('img', { name: /^QR code for / });
    expect(first!.getAttribute('data-link')).toMatch(new RegExp(`^${ORIGIN}/\\?table=`));
    unmount();

    provider.restaurant.set({ public_url: 'https://order.casa-lucia.example' });
    renderApp('/staff/print');
    const [code] = await screen.findAllByRole('img', { name: /^QR code for / });
    await waitFor(() =>
      expect(code!.getAttribute('data-link')).toMatch(/^https:\/\/order\.casa-lucia\.example\/\?table=/),
    );
    expect(screen.queryByTestId('public-url-warning')).not.toBeInTheDocument();
  });

  it('says on the sign-in form that the app is not set up to talk to the restaurant, not that the password is wrong', async () => {
    const user = userEvent.setup();
    const other = createFakeProvider({ origin: ORIGIN, token: 'the-providers-own-token' });
    // Served from elsewhere: no runtime config in the page to mend the token with.
    server.use(
      http.get(`${ORIGIN}/`, () => new Response('<!doctype html><title>x</title>')),
      ...other.handlers,
    );
    renderApp('/staff');
    const notSetUp = /^This app is not set up to talk to the restaurant/;
    expect(await screen.findByRole('alert')).toHaveTextContent(notSetUp);
    await user.type(screen.getByLabelText('Name'), 'manager');
    await user.type(screen.getByLabelText('Password'), 'a-correct-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    expect(screen.getByRole('alert')).toHaveTextContent(notSetUp);
    expect(screen.queryByText(/name and password do not match/)).not.toBeInTheDocument();
  });
});
