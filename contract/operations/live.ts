// The live streams as data (contract v1.1 "Live events"): server-sent events for guests and for staff.
import * as z from 'zod/mini';
import { orderIdSchema } from '../guest';
import { operations, type OperationHeader } from './operation';

const lastEventId: Record<string, OperationHeader> = {
  'Last-Event-ID': {
    description:
      'The id of the last event received: the stream replays what was missed, or sends `resync` when that is too old or unknown (then fetch again).',
    schema: z.string().check(z.regex(/^\d+$/)),
  },
};

const EVENT_STREAM = 'text/event-stream';
const tooManyStreams = {
  description: 'This provider holds as many streams as it can; poll meanwhile.',
  headers: { 'Retry-After': { description: 'Seconds before trying again.' } },
};

export const liveOperations = operations([
  {
    operationId: 'followEvents',
    method: 'get',
    path: '/events',
    summary: 'The guests’ live stream: the menu, the kitchen’s load, and one order',
    description:
      'Server-sent events, read with fetch (EventSource cannot send the bearer). Always `menu` (`{ menu_id, available, prep_minutes }`) and `summary` (a Summary, never replayed); with `orderID` and that order’s `X-Order-Key`, also `order` (the whole Order). A comment line at least every 15 s keeps proxies from closing it. A provider without live events answers 404 and clients poll.',
    since: '1.1',
    access: ['guest', 'order-key'],
    tags: ['live'],
    query: z.object({ orderID: z.optional(orderIdSchema) }),
    headers: lastEventId,
    responses: {
      200: { description: 'The stream: `id`, `event` and `data` (JSON) per event.', contentType: EVENT_STREAM },
      400: { description: '`Last-Event-ID` is not an event id, or `orderID` is empty.' },
      404: { description: 'No such order, or no key for it; or a provider without live events.' },
      503: tooManyStreams,
    },
  },
  {
    operationId: 'followStaffEvents',
    method: 'get',
    path: '/staff/events',
    summary: 'The console’s live stream: every order, the menu and the guests’ requests',
    description:
      'Server-sent events: `order` for every order, `menu`, `summary` and `request` (a service request opened or closed). The session cookie travels with the request, so EventSource works too.',
    since: '1.1',
    access: ['staff'],
    tags: ['live'],
    headers: lastEventId,
    responses: {
      200: { description: 'The stream.', contentType: EVENT_STREAM },
      400: { description: '`Last-Event-ID` is not an event id.' },
      404: { description: 'A provider without live events.' },
      503: tooManyStreams,
    },
  },
]);
