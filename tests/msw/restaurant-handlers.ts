// The fake provider's restaurant profile (contract v1.2): GET restaurant and the manager's PUT staff/restaurant.
import { http, type HttpHandler } from 'msw';
import { restaurantSchema, type Restaurant } from '../../contract/restaurant';
import { parseJsonBody } from '../../server/api/request-parsing';
import { parseRestaurant } from '../../server/restaurant/restaurant-parsing';
import { DEFAULT_RESTAURANT } from '../../server/restaurant/restaurant-store';
import type { FakeStaff, StaffRoute } from './staff-handlers';

export interface FakeRestaurantContext {
  base: string;
  staff: FakeStaff;
  route: StaffRoute;
  /** Called with every new profile, as the provider writes a `restaurant` event. */
  onChange?: (profile: Restaurant) => void;
}

export interface FakeRestaurant {
  handlers: HttpHandler[];
  profile(): Restaurant;
  /** Sets the profile directly, for a test's scene. */
  set(profile: Partial<Restaurant>): void;
  reset(): void;
}

export function createRestaurantHandlers(
  ctx: FakeRestaurantContext,
  initial: Partial<Restaurant> = {},
): FakeRestaurant {
  let profile: Restaurant = { ...DEFAULT_RESTAURANT, ...initial };
  const { route } = ctx;
  return {
    handlers: [
      http.get(
        `${ctx.base}/restaurant`,
        route(() => ({ body: profile, schema: restaurantSchema })),
      ),
      http.put(
        `${ctx.base}/staff/restaurant`,
        route((request, _url, body) => {
          ctx.staff.requireSession(request, 'manager', 'change the restaurant’s profile');
          profile = parseRestaurant(parseJsonBody(body));
          ctx.onChange?.(profile);
          return { body: profile, schema: restaurantSchema };
        }),
      ),
    ],
    profile: () => profile,
    set(changes) {
      profile = { ...profile, ...changes };
    },
    reset() {
      profile = { ...DEFAULT_RESTAURANT, ...initial };
    },
  };
}
