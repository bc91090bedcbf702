// The early script's reads: sent before the app's code, then taken by the api client instead of asking again.
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getCategory, getMenu, getRestaurant, getSubCategory } from '../../../src/api/calls';
import { ApiError } from '../../../src/api/errors';
import { startEarlyReads } from '../../../src/ui/pos/early-reads';
import { setupMsw } from '../../support/msw-server';

const BASE = 'http://localhost:3000/api/v1';
const categories = [
  { id: 1, name: 'Starters', description: null, image: '/images/starters.svg', sort: 2 },
  { id: 2, name: 'Mains', description: null, image: '/images/mains.svg', sort: 1 },
];
const sections = [{ id: 5, category_id: 2, name: 'Pasta', image: '/images/pasta.svg', sort: 1 }];

const server = setupMsw();

/** Answers the menu's reads and counts what the provider is asked, by path and query. */
function menuProvider({ failFirstCategory = false } = {}) {
  const asked: string[] = [];
  let categoryFailures = failFirstCategory ? 1 : 0;
  const seen = (request: Request) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname.replace('/api/v1/', '')}${url.search}`);
  };
  server.use(
    http.get(`${BASE}/restaurant`, ({ request }) => {
      seen(request);
      return HttpResponse.json({ error: { code: 'not_found', message: 'No profile' } }, { status: 404 });
    }),
    http.get(`${BASE}/category`, ({ request }) => {
      seen(request);
      if (categoryFailures > 0) {
        categoryFailures -= 1;
        return HttpResponse.error();
      }
      return HttpResponse.json(categories);
    }),
    http.get(`${BASE}/sub-category`, ({ request }) => {
      seen(request);
      return HttpResponse.json(sections);
    }),
    http.get(`${BASE}/menu`, ({ request }) => {
      seen(request);
      return HttpResponse.json([]);
    }),
  );
  return asked;
}

describe('early reads', () => {
  it('sends the menu’s first reads once, and the app’s own calls take their answers', async () => {
    const asked = menuProvider();
    startEarlyReads({ pathname: '/', search: '?table=3&key=abc' });
    // The opening category is the one with the lowest sort: its sections and dishes go as soon as it is known.
    await vi.waitFor(() =>
      expect([...asked].sort()).toEqual(['category', 'menu?cat_id=2', 'restaurant', 'sub-category?category_id=2']),
    );

    expect(await getCategory()).toEqual(categories);
    expect(await getSubCategory({ category_id: 2 })).toEqual(sections);
    expect(await getMenu({ cat_id: 2 })).toEqual([]);
    expect(asked).toHaveLength(4);
    // Taken once: the next read is the provider's again.
    await getCategory();
    expect(asked.filter((path) => path === 'category')).toHaveLength(2);
  });

  it('asks again when the early read could not reach the provider', async () => {
    const asked = menuProvider({ failFirstCategory: true });
    startEarlyReads({ pathname: '/', search: '' });
    await vi.waitFor(() => expect(asked).toContain('category'));
    expect(await getCategory()).toEqual(categories);
    expect(asked.filter((path) => path === 'category')).toHaveLength(2);
  });

  it('an early answer that refuses is heard as a sent call’s: its error, and a 503 ends the session’s key', async () => {
    const asked = menuProvider();
    server.use(
      http.get(`${BASE}/category`, ({ request }) => {
        asked.push(new URL(request.url).pathname.replace('/api/v1/', ''));
        return HttpResponse.json({ error: { code: 'unavailable', message: 'Closed for now' } }, { status: 503 });
      }),
    );
    sessionStorage.setItem('api_key', 'session-key');
    startEarlyReads({ pathname: '/', search: '' });
    await vi.waitFor(() => expect([...asked].sort()).toEqual(['category', 'restaurant']));

    // A v1 provider has no profile: its early 404 reads as no profile, as the call's own would.
    expect(await getRestaurant()).toBeNull();
    const refusal = await getCategory().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ kind: 'http', status: 503, code: 'unavailable', message: 'Closed for now' });
    expect(sessionStorage.getItem('api_key')).toBeNull();
    // Both were the early answers: nothing was asked twice.
    expect(asked).toHaveLength(2);
  });

  it('says when the first answer is in or has failed, and at once on another page (the first screen’s code follows)', async () => {
    const asked = menuProvider({ failFirstCategory: true });
    // Settled only once the provider has been asked and has failed to answer.
    await startEarlyReads({ pathname: '/', search: '' });
    expect(asked).toContain('category');
    await expect(startEarlyReads({ pathname: '/cart', search: '' })).resolves.toBeUndefined();
  });

  it('sends nothing for a page other than the menu', async () => {
    const sent = vi.spyOn(globalThis, 'fetch');
    startEarlyReads({ pathname: '/cart', search: '' });
    expect(sent).not.toHaveBeenCalled();
  });
});
