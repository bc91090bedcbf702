// The contract's own document as a call: GET openapi.json, built from every operation (contract/openapi.ts).
import { operations } from './operation';

export const documentOperations = operations([
  {
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/openapi.json',
    summary: 'This document: the contract as OpenAPI 3.1',
    description:
      'Public, like the contract it describes: it holds no secret, and the token it would ask for ships inside the app anyway.',
    since: '1.1',
    access: ['public'],
    tags: ['contract'],
    responses: { 200: { description: 'The OpenAPI 3.1 document.', contentType: 'application/json' } },
  },
]);
