// The restaurant's profile calls (contract v1.2) as data, for the OpenAPI document and docs/contract.md.
import { restaurantSchema } from '../restaurant';
import { error } from './answers';
import { operations } from './operation';

export const restaurantOperations = operations([
  {
    operationId: 'getRestaurant',
    method: 'get',
    path: '/restaurant',
    summary: "The restaurant's profile: name, currency, locale, languages, time zone, tax, service, tips, day start",
    description:
      'Read by every screen at start and kept with the cached answers; a `restaurant` event on every live stream carries a new one. A provider without it answers 404 and the app uses its build-time defaults.',
    since: '1.2',
    access: ['guest'],
    tags: ['restaurant'],
    responses: {
      200: { description: 'The profile', schema: restaurantSchema },
      401: error('No or wrong bearer token'),
    },
  },
  {
    operationId: 'putRestaurant',
    method: 'put',
    path: '/staff/restaurant',
    summary: "Replaces the restaurant's profile",
    description: 'Sends a `restaurant` event to every open stream, so open screens change without a reload.',
    since: '1.2',
    access: ['manager'],
    tags: ['restaurant'],
    body: { schema: restaurantSchema },
    responses: {
      200: { description: 'The profile as saved (locale canonicalised, tip presets sorted)', schema: restaurantSchema },
      400: error('The body is not JSON'),
      401: error('Not signed in'),
      403: error('Signed in, but not as a manager'),
      415: error('The body is not JSON by its Content-Type'),
      422: error(
        'A field is invalid (an unknown currency, time zone or locale; a rate out of range); `fields` names each',
      ),
    },
  },
]);
