// The table's calls as data (contract v1.1 "Table sessions" and the floor): the guests' bill and requests, the staff's floor.
import {
  idSchema,
  newServiceRequestSchema,
  serviceRequestSchema,
  serviceRequestsSchema,
  tableBillSchema,
} from '../guest';
import { staffTableSchema, staffTablesSchema } from '../staff';
import { operations } from './operation';

const badTableKey = {
  description: 'No table key, or one that is wrong or outdated (the table was cleared): the same answer as no table.',
};

export const tableOperations = operations([
  {
    operationId: 'getTableOrders',
    method: 'get',
    path: '/table/orders',
    summary: 'The table’s bill: every order of its current seating',
    description:
      'Everyone at the table sees one bill: each order with the name its guest gave, never an order’s key, and the table’s open requests. Cancelled orders are left out of `total`.',
    since: '1.1',
    access: ['table-key'],
    tags: ['tables'],
    responses: {
      200: { description: 'The current seating’s orders and total.', schema: tableBillSchema },
      404: badTableKey,
    },
  },
  {
    operationId: 'addServiceRequest',
    method: 'post',
    path: '/table/requests',
    summary: 'Call the waiter or ask for the bill',
    description: 'At most one open request of each kind per table: asking again answers the open one.',
    since: '1.1',
    access: ['table-key'],
    tags: ['tables'],
    body: { schema: newServiceRequestSchema },
    responses: {
      201: { description: 'Asked: staff see it at once.', schema: serviceRequestSchema },
      200: { description: 'A request of this kind is already open: that one.', schema: serviceRequestSchema },
      400: { description: 'The body is not JSON.' },
      404: badTableKey,
      415: { description: 'The body is labelled as something other than JSON.' },
      422: { description: '`kind` is not `waiter` or `bill`, or the note is too long.' },
    },
  },
  {
    operationId: 'listStaffTables',
    method: 'get',
    path: '/staff/tables',
    summary: 'The floor: every table with its key and open orders',
    since: '1.1',
    access: ['manager'],
    tags: ['tables'],
    responses: {
      200: { description: 'Every table, with the key its QR code carries.', schema: staffTablesSchema },
      403: { description: 'Signed in, but not as a manager.' },
    },
  },
  {
    operationId: 'rotateTableKey',
    method: 'post',
    path: '/staff/tables/{id}/key',
    summary: 'Give a table a new key (its printed codes stop working)',
    since: '1.1',
    access: ['manager'],
    tags: ['tables'],
    params: { id: idSchema },
    responses: {
      200: { description: 'The table with its new key.', schema: staffTableSchema },
      403: { description: 'Signed in, but not as a manager.' },
      404: { description: 'No such table.' },
    },
  },
  {
    operationId: 'clearTable',
    method: 'post',
    path: '/staff/tables/{id}/clear',
    summary: 'The party left: end the table’s seating',
    description:
      'Ends the seating, gives the table a new key and closes its open requests, in one transaction, so the next party cannot see this one’s orders. Orders still open stay on the board.',
    since: '1.1',
    access: ['staff'],
    tags: ['tables'],
    params: { id: idSchema },
    responses: {
      200: { description: 'The table, free, with its new key.', schema: staffTableSchema },
      404: { description: 'No such table.' },
    },
  },
  {
    operationId: 'listServiceRequests',
    method: 'get',
    path: '/staff/requests',
    summary: 'Guests asking: the open waiter and bill requests',
    since: '1.1',
    access: ['staff'],
    tags: ['tables'],
    responses: { 200: { description: 'Open requests, oldest first.', schema: serviceRequestsSchema } },
  },
  {
    operationId: 'closeServiceRequest',
    method: 'post',
    path: '/staff/requests/{id}/done',
    summary: 'Mark a request done',
    since: '1.1',
    access: ['staff'],
    tags: ['tables'],
    params: { id: idSchema },
    responses: {
      200: {
        description: 'The request with its `done_at`; one already done is answered as it is.',
        schema: serviceRequestSchema,
      },
      404: { description: 'No such request.' },
    },
  },
]);
