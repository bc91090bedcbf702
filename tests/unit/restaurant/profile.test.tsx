// The restaurant's profile on the guests' side: read at start and applied (name, prices in its currency and the guest's
// language, the languages it offers), changed live by a `restaurant` event, the build's defaults from a v1 provider,
// kept for an offline start; and a refused token said as such, or mended from the provider's page.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createApiCachePersister,
  createQueryClient,
  persistApiCache,
  restoreApiCache,
} from '../../../src/api/query-client';
import { activateLanguage } from '../../../src/ui/i18n/i18n';
import { fakeLiveEvents } from '../../msw/live-events';
import { createFakeProvider, providerErrorResponse } from '../../msw/provider-handlers';
import { setupMsw } from '../../support/msw-server';
import { renderApp } from '../../support/render-app';
import { API, ORIGIN } from '../cart/support';
import { cardFor } from '../pos/support';

const provider = createFakeProvider({ origin: ORIGIN });
const server = setupMsw(...provider.handlers);

const CASA = {
  name: 'Casa Lucía',
  currency: 'EUR',
  locale: 'es-ES',
  languages: ['es', 'en'],
  time_zone: 'Europe/Madrid',
};
const LENTILS = 'Spiced Lentil Soup';
const SOPA = 'Sopa de lentejas especiada';

beforeEach(() => {
  provider.reset();
});

afterEach(() => {
  onlineManager.setOnline(true);
});

const header = () => screen.getByRole('banner');
const languageSwitch = () => screen.queryByTestId('language-switch');
const optionsOf = (select: HTMLElement | null) =>
  select
    ? within(select)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value'))
    : [];

describe('the restaurant’s profile', () => {
  it('is read at start: its name, its currency in the guest’s language, and only the languages it offers', async () => {
    provider.restaurant.set(CASA);
    const user = userEvent.setup();
    renderApp('/?category_id=1&sub_cat_id=1');
    await waitFor(() => expect(within(header()).getByRole('link', { name: 'Casa Lucía' })).toBeInTheDocument());
    expect(document.title).toBe('Casa Lucía · Order at your table');
    // English is not the restaurant's own language: euros as English writes them.
    await waitFor(() => expect(cardFor(LENTILS)).toHaveTextContent('€6.90'));
    // Its languages in its order, the app's Arabic left out since the restaurant does not offer it.
    expect(optionsOf(languageSwitch())).toEqual(['es', 'en']);
    await user.selectOptions(languageSwitch()!, 'es');
    // Spanish is its own: its locale's format, es-ES.
    await waitFor(() => expect(cardFor(SOPA)).toHaveTextContent('6,90 €'));
  });

  it('moves a guest off a language the restaurant does not offer', async () => {
    provider.restaurant.set({ ...CASA, languages: ['es'] });
    await activateLanguage('ar');
    renderApp('/?category_id=1&sub_cat_id=1');
    // jsdom's browser prefers English, which is not offered either: the restaurant's own language, Spanish.
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'es'));
    expect(await screen.findByRole('link', { name: SOPA })).toBeInTheDocument();
    // One language is no choice: no switch.
    expect(languageSwitch()).not.toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('changes an open screen when a restaurant event arrives, without a reload', async () => {
    const live = fakeLiveEvents(API);
    server.use(live.handler);
    renderApp('/?category_id=1&sub_cat_id=1', undefined, { live: true });
    await waitFor(() => expect(cardFor(LENTILS)).toHaveTextContent('$6.90'));
    await waitFor(() => expect(live.open).toBe(1));
    live.send({ id: 9, type: 'restaurant', data: { ...provider.restaurant.profile(), ...CASA } });
    await waitFor(() => expect(within(header()).getByRole('link', { name: 'Casa Lucía' })).toBeInTheDocument());
    await waitFor(() => expect(cardFor(LENTILS)).toHaveTextContent('€6.90'));
    expect(document.title).toBe('Casa Lucía · Order at your table');
    expect(optionsOf(languageSwitch())).toEqual(['es', 'en']);
    // The stream stayed open: no reload, no reconnection.
    expect(live.requests).toHaveLength(1);
  });

  it('from a v1 provider (404), keeps the build’s name, currency and every language', async () => {
    provider.restaurant.set(CASA);
    const asked: string[] = [];
    server.use(
      http.get(`${API}/restaurant`, ({ request }) => {
        asked.push(request.url);
        return providerErrorResponse(404, 'There is no GET /api/v1/restaurant in this API');
      }),
    );
    const { queryClient } = renderApp('/?category_id=1&sub_cat_id=1');
    expect(await screen.findByRole('link', { name: LENTILS })).toBeInTheDocument();
    await waitFor(() => expect(asked).toHaveLength(1));
    // "Not offered" is an answer, kept like one (and persisted), not an error to retry or to show.
    await waitFor(() => expect(queryClient.getQueryState(['restaurant'])?.status).toBe('success'));
    expect(queryClient.getQueryData(['restaurant'])).toBeNull();
    expect(within(header()).getByRole('link', { name: 'Amber Table' })).toBeInTheDocument();
    expect(cardFor(LENTILS)).toHaveTextContent('$6.90');
    expect(optionsOf(languageSwitch())).toEqual(['en', 'es', 'ar']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts offline with the profile kept in the persisted api cache', async () => {
    provider.restaurant.set(CASA);
    const online = createQueryClient();
    const stopSaving = persistApiCache(online, createApiCachePersister(localStorage));
    const first = renderApp('/?category_id=1&sub_cat_id=1', undefined, { queryClient: online });
    await waitFor(() => expect(cardFor(LENTILS)).toHaveTextContent('€6.90'));
    // The persister writes at most once a second.
    await waitFor(() => expect(localStorage.getItem('api-cache')).toContain('Casa Lucía'));
    stopSaving();
    first.unmount();

    // The next start has no network, and the provider has moved on meanwhile: what the device kept is what shows.
    provider.restaurant.set({ name: 'Somewhere Else', currency: 'GBP' });
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => void asked.push(request.url));
    act(() => onlineManager.setOnline(false));
    const restored = createQueryClient();
    await restoreApiCache(new AbortController().signal, restored);
    renderApp('/?category_id=1&sub_cat_id=1', undefined, { queryClient: restored });
    await waitFor(() => expect(within(header()).getByRole('link', { name: 'Casa Lucía' })).toBeInTheDocument());
    // The header can draw before the dishes on a loaded machine: the card is waited for, not assumed.
    await waitFor(() => expect(cardFor(LENTILS)).toHaveTextContent('€6.90'));
    expect(asked).toEqual([]);
    server.events.removeAllListeners();
  });
});

// In this order: the app takes up a new token at most once per refused token, for the whole page's life.
describe('a token the provider refuses', () => {
  it('takes up the token the provider now writes into its page, and carries on', async () => {
    // The provider was restarted with another PROVIDER_TOKEN since this copy of the page was served.
    const restarted = createFakeProvider({ origin: ORIGIN, token: 'the-new-token' });
    const tokens: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/v1/category')) tokens.push(request.headers.get('Authorization'));
    });
    server.use(...restarted.handlers);
    renderApp('/?category_id=1&sub_cat_id=1');
    expect(await screen.findByRole('link', { name: LENTILS })).toBeInTheDocument();
    expect(tokens[0]).toBe('Bearer demo-token');
    expect(tokens.at(-1)).toBe('Bearer the-new-token');
    server.events.removeAllListeners();
  });

  it('tells guests the app is not set up to talk to the restaurant, in their language', async () => {
    const other = createFakeProvider({ origin: ORIGIN, token: 'the-providers-own-token' });
    // A page from elsewhere (a CDN build): no runtime config to mend the token with.
    server.use(
      http.get(`${ORIGIN}/`, () => HttpResponse.html('<!doctype html><title>x</title>')),
      ...other.handlers,
    );
    const menu = renderApp('/?category_id=1&sub_cat_id=1');
    expect(
      await screen.findByText('This app is not set up to talk to the restaurant. Please tell a member of staff.'),
    ).toBeInTheDocument();
    menu.unmount();
    await activateLanguage('es');
    renderApp('/cart?orderID=ABC123');
    expect(
      await screen.findByText(
        'Esta aplicación no está configurada para comunicarse con el restaurante. Avisa a un miembro del personal.',
      ),
    ).toBeInTheDocument();
  });
});
