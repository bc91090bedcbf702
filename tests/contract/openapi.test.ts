// The contract's OpenAPI document: valid OpenAPI 3.1, served at GET /api/v1/openapi.json, describing exactly the provider's routes.
import { validate } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../contract/openapi';
import { operationsByArea } from '../../contract/operations/index';
import type { Operation } from '../../contract/operations/operation';
import { createProviderApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import type { LiveHub } from '../../server/live/live-hub';
import type { OrderKeys } from '../../server/orders/order-access';

const API = '/api/v1';

/**
 * The provider's app with every optional part switched on, so its route table holds every route it can serve.
 * Registering routes touches none of these; no request below reaches them (the document's route is before them all).
 */
function providerApp() {
  const unused = <T>(what: string) =>
    new Proxy(
      {},
      {
        get: () => {
          throw new Error(`${what} is not meant to be used by this test`);
        },
      },
    ) as T;
  return createProviderApp({
    db: unused<Database>('the database'),
    token: 'test-token',
    orderKeys: unused<OrderKeys>('order keys'),
    live: unused<LiveHub>('the live hub'),
  });
}

/** `GET /api/v1/staff/tables/:id/key` → `GET /staff/tables/{id}/key`: Hono's form to the operations'. */
function servedRoutes(): string[] {
  const routes = providerApp()
    .routes.filter((route) => route.method !== 'ALL' && route.path.startsWith(`${API}/`) && !route.path.includes('*'))
    .map((route) => {
      const path = route.path.slice(API.length).replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, '{$1}');
      return `${route.method} ${path}`;
    });
  return [...new Set(routes)].sort();
}

const routeOf = (operation: Operation) => `${operation.method.toUpperCase()} ${operation.path}`;

const documented = Object.entries(operationsByArea).flatMap(([area, list]) =>
  list.map((operation) => ({ route: routeOf(operation), file: `contract/operations/${area}.ts`, operation })),
);

/** The area file whose calls share the longest start of the path: a hint at where a new call belongs. */
function likelyFile(route: string): string {
  const segments = route.split(' ')[1]!.split('/');
  let best = { file: 'contract/operations/<area>.ts', shared: 0 };
  for (const entry of documented) {
    const other = entry.operation.path.split('/');
    let shared = 0;
    while (shared < segments.length && segments[shared] === other[shared]) shared++;
    if (shared > best.shared) best = { file: entry.file, shared };
  }
  return best.file;
}

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument();

  it('is a valid OpenAPI 3.1 document (schemas, references, path parameters, unique operation ids)', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors.map((error) => error.message)).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
  });

  it('holds only schemas valid under JSON Schema 2020-12, the dialect of OpenAPI 3.1', () => {
    // The OpenAPI validator checks the document's structure; each Schema Object is checked against its meta-schema here.
    const ajv = new Ajv2020({ strict: true });
    const invalid: string[] = [];
    let checked = 0;
    const visit = (value: unknown, path: string): void => {
      if (typeof value !== 'object' || value === null) return;
      for (const [key, child] of Object.entries(value)) {
        const at = `${path}/${key}`;
        const isSchema = key === 'schema' || path.endsWith('/components/schemas');
        if (!isSchema) {
          visit(child, at);
          continue;
        }
        checked++;
        if (!ajv.validateSchema(child as object)) invalid.push(`${at}: ${ajv.errorsText(ajv.errors)}`);
      }
    };
    visit(document, '#');
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('describes every route the provider serves, and no route it does not serve', () => {
    const served = servedRoutes();
    const problems = [
      ...served
        .filter((route) => !documented.some((entry) => entry.route === route))
        .map(
          (route) =>
            `${route} is served by the provider but described by no operation: add one to its area's list in contract/operations/ (the described calls nearest its path are in ${likelyFile(route)}; a new area's file is listed in contract/operations/index.ts).`,
        ),
      ...documented
        .filter((entry) => !served.includes(entry.route))
        .map(
          (entry) =>
            `${entry.route} (${entry.operation.operationId}) is described in ${entry.file} but the provider does not serve it: register the route under server/, or remove the operation. A route registered only with an option must be switched on in providerApp() in this test.`,
        ),
    ];
    expect(problems).toEqual([]);
    // The route table is read as meant: v1's calls, the staff's with path parameters, and the document itself.
    expect(served).toEqual(
      expect.arrayContaining(['GET /category', 'POST /staff/orders/{orderID}/status', 'GET /openapi.json']),
    );
  });

  it('describes answers by what providers send and requests by what they accept', () => {
    const schemas = (document.components as { schemas: Record<string, Record<string, unknown>> }).schemas;
    // The app vets an image URL after reading it; what arrives is text or null.
    expect((schemas.MenuItem!.properties as Record<string, unknown>).image).toEqual({ type: ['string', 'null'] });
    // Later versions only add fields: answers never forbid one.
    expect(schemas.Order).not.toHaveProperty('additionalProperties');
    expect(schemas.NewOrder!.required).toEqual(['table_id', 'items']);
    const placing = (document.paths as Record<string, Record<string, Record<string, unknown>>>)['/orders']!.post!;
    expect(placing.security).toEqual([{ bearer: [] }, { bearer: [], tableKey: [] }]);
    expect(Object.keys(placing.responses as object)).toEqual(
      expect.arrayContaining(['200', '201', '401', '403', '413', '422', '429', '503']),
    );
  });

  it('fails to build when two operations describe one route', () => {
    const [first] = operationsByArea.guest;
    expect(() => buildOpenApiDocument([first, { ...first, operationId: 'again' }])).toThrow(
      'GET /category is described twice, by getCategory and again',
    );
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('answers the document without a token, as JSON', async () => {
    const answer = await providerApp().request(`${API}/openapi.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });
});
