// Builds the contract's OpenAPI 3.1 document from the operations, with zod's own JSON Schema output (never on the guests' path).
import { registry, toJSONSchema, type $ZodType, type JSONSchema } from 'zod/v4/core';
import { errorBodySchema } from './guest';
import { allOperations, schemaModules } from './operations/index';
import type { Access, Operation, OperationHeader, OperationResponse } from './operations/operation';

type Json = JSONSchema.BaseSchema;
type Io = 'input' | 'output';
type Doc = Record<string, unknown>;

export const OPENAPI_VERSION = '3.1.0';
/** Where the API lives on a provider; every operation's path is under it. */
export const API_BASE = '/api/v1';

const VERSIONS = ['1', '1.1', '1.2'] as const;

export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The app’s token (`VITE_API_TOKEN`; the reference provider’s default is `demo-token`). It ships inside the app’s JavaScript, so it is public: it proves nothing about who is asking.',
  },
  orderKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Order-Key',
    description: 'The `order_key` the answer to POST orders carried: what makes an order the guest’s own.',
  },
  tableKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Table-Key',
    description: 'The table’s key, from the QR code on the table (`?table={id}&key={key}`).',
  },
  seatingKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Seating-Key',
    description: 'The key of one party’s seating at a table (contract v1.2), from POST table/seating.',
  },
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'staff_session',
    description:
      'A signed-in member of staff, from POST staff/session. A requirement naming `manager` needs that role (OpenAPI 3.1 lists role names as the scopes of a non-OAuth scheme).',
  },
  paymentSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description: 'A payment provider’s request, verified by its signature (contract v1.2).',
  },
} as const;

type SecurityRequirement = Record<string, string[]>;

const SECURITY_OF: Record<Access, SecurityRequirement> = {
  public: {},
  guest: { bearer: [] },
  'order-key': { bearer: [], orderKey: [] },
  'table-key': { bearer: [], tableKey: [] },
  'seating-key': { bearer: [], seatingKey: [] },
  staff: { bearer: [], staffSession: [] },
  manager: { bearer: [], staffSession: ['manager'] },
  'payment-provider': { paymentSignature: [] },
};

/** The answers any call may give, whatever it does: described once, referred to from each call. */
const SHARED_RESPONSES = {
  Unauthorized: 'No bearer token or a wrong one (and, for staff calls, no valid session).',
  PayloadTooLarge: 'The body is over 64 KiB.',
  Unavailable:
    'The provider is not taking requests (shutting down, or its database is unreachable); retry later. A `503` also tells the app to drop `sessionStorage.api_key`.',
} as const;

const needsBearer = (operation: Operation) => operation.access.some((access) => 'bearer' in SECURITY_OF[access]);

const isZodSchema = (value: unknown): value is $ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** `orderSchema` → `Order`: the exported object schemas of the contract's modules, by their names. */
function componentNames(): Map<$ZodType, string> {
  const names = new Map<$ZodType, string>();
  const taken = new Map<string, $ZodType>();
  for (const module of schemaModules) {
    for (const [exportName, value] of Object.entries(module)) {
      if (!isZodSchema(value) || value._zod.def.type !== 'object' || !exportName.endsWith('Schema')) continue;
      if (names.has(value)) continue;
      const name = exportName[0]!.toUpperCase() + exportName.slice(1, -'Schema'.length);
      const other = taken.get(name);
      if (other && other !== value) throw new Error(`Two contract schemas would both be named ${name} in the document`);
      names.set(value, name);
      taken.set(name, value);
    }
  }
  return names;
}

function walk(value: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
  } else if (typeof value === 'object' && value !== null) {
    visit(value as Record<string, unknown>);
    for (const child of Object.values(value)) walk(child, visit);
  }
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Converts schemas to JSON Schema 2020-12 (OpenAPI 3.1's dialect). Requests are described by what the provider
 * accepts (`io: 'input'`), answers by what it sends (`io: 'output'`), with two corrections for answers: a value a
 * client transforms after reading (an image URL it vets) is described by what arrives, and objects do not forbid
 * extra properties, since the contract only ever adds fields and clients ignore what they do not know.
 */
function createConverter() {
  const names = componentNames();
  const metadata = registry<{ id: string }>();
  for (const [schema, id] of names) metadata.add(schema, { id });
  const defs: Record<Io, Map<string, Json>> = { input: new Map(), output: new Map() };
  const converted: { io: Io; json: Json }[] = [];

  const plain = (json: Json): Json => {
    const { $schema: _schema, $defs, ...rest } = json;
    return { ...rest, ...($defs ? { $defs } : {}) };
  };

  function convert(schema: $ZodType, io: Io): Json {
    const json = plain(
      toJSONSchema(schema, {
        target: 'draft-2020-12',
        io,
        metadata,
        reused: 'inline',
        cycles: 'ref',
        unrepresentable: ({ zodSchema, message }) => {
          // A transform's output is whatever the code makes of it; the override below describes it by its input.
          if (io === 'output' && zodSchema._zod.def.type === 'transform') return 'any';
          throw new Error(`${message} (io: ${io})`);
        },
        override: ({ zodSchema, jsonSchema }) => {
          if (io !== 'output') return;
          const def = zodSchema._zod.def;
          if (def.type === 'object' && !def.catchall) delete jsonSchema.additionalProperties;
          if (def.type === 'pipe' && def.out._zod.def.type === 'transform') {
            Object.assign(jsonSchema, plain(toJSONSchema(def.in, { io: 'input', reused: 'inline' })));
          }
        },
      }),
    );
    const { $defs, ...rest } = json;
    for (const [id, def] of Object.entries($defs ?? {})) {
      const known = defs[io].get(id);
      if (known && !sameJson(known, def)) throw new Error(`Schema ${id} converts two ways for ${io}`);
      defs[io].set(id, def as Json);
    }
    converted.push({ io, json: rest });
    return rest;
  }

  /** Settles the components' names (`NewOrder`; `XInput` where a schema reads differently as a request) and refs. */
  function components(): Record<string, Json> {
    const schemas: Record<string, Json> = {};
    const inputName = new Map<string, string>();
    for (const [id, def] of defs.output) schemas[id] = def;
    for (const [id, def] of defs.input) {
      const output = defs.output.get(id);
      const name = output === undefined || sameJson(output, def) ? id : `${id}Input`;
      inputName.set(id, name);
      schemas[name] = def;
    }
    const rewrite = (io: Io) => (node: Record<string, unknown>) => {
      const ref = node.$ref;
      if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return;
      const id = ref.slice('#/$defs/'.length);
      node.$ref = `#/components/schemas/${io === 'input' ? (inputName.get(id) ?? id) : id}`;
    };
    for (const { io, json } of converted) walk(json, rewrite(io));
    for (const def of defs.output.values()) walk(def, rewrite('output'));
    for (const name of inputName.values()) walk(schemas[name], rewrite('input'));
    return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  }

  return { convert, components };
}

function headerObject(header: OperationHeader, schema: Json): Doc {
  return { description: header.description, ...(header.required ? { required: true } : {}), schema };
}

function checkUnique(operations: readonly Operation[]): void {
  const seen = new Map<string, string>();
  const ids = new Set<string>();
  for (const operation of operations) {
    const route = `${operation.method.toUpperCase()} ${operation.path}`;
    const earlier = seen.get(route);
    if (earlier) throw new Error(`${route} is described twice, by ${earlier} and ${operation.operationId}`);
    seen.set(route, operation.operationId);
    if (ids.has(operation.operationId)) throw new Error(`Two operations are named ${operation.operationId}`);
    ids.add(operation.operationId);
  }
}

/** The OpenAPI 3.1 document of the given operations (default: every operation of the contract). */
export function buildOpenApiDocument(operations: readonly Operation[] = allOperations): Doc {
  checkUnique(operations);
  const { convert, components } = createConverter();
  const errorBody = (): Json => convert(errorBodySchema, 'output');
  const text: Json = { type: 'string' };

  const responseObject = (status: number, response: OperationResponse): Doc => {
    const contentType = response.contentType ?? 'application/json';
    const schema = response.schema
      ? convert(response.schema, 'output')
      : status >= 400 && !response.contentType
        ? errorBody()
        : undefined;
    const hasBody = schema !== undefined || response.contentType !== undefined;
    return {
      description: response.description,
      ...(response.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([name, header]) => [
                name,
                headerObject(header, header.schema ? convert(header.schema, 'output') : text),
              ]),
            ),
          }
        : {}),
      ...(hasBody ? { content: { [contentType]: schema ? { schema } : {} } } : {}),
    };
  };

  const parameters = (operation: Operation): Doc[] => {
    const list: Doc[] = [];
    for (const [name, schema] of Object.entries(operation.params ?? {})) {
      list.push({ name, in: 'path', required: true, schema: convert(schema, 'input') });
    }
    if (operation.query) {
      const query = convert(operation.query, 'input');
      const required = new Set(query.required ?? []);
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        list.push({ name, in: 'query', required: required.has(name), schema });
      }
    }
    for (const [name, header] of Object.entries(operation.headers ?? {})) {
      list.push({
        name,
        in: 'header',
        ...headerObject(header, header.schema ? convert(header.schema, 'input') : text),
      });
    }
    return list;
  };

  const requestBody = (operation: Operation): Doc | undefined => {
    const { body } = operation;
    if (!body) return undefined;
    if ('contentTypes' in body) {
      const schema = body.schema ? convert(body.schema, 'input') : undefined;
      return {
        required: true,
        description: body.description,
        content: Object.fromEntries(body.contentTypes.map((type) => [type, schema ? { schema } : {}])),
      };
    }
    return {
      required: true,
      content: { [body.contentType ?? 'application/json']: { schema: convert(body.schema, 'input') } },
    };
  };

  const operationObject = (operation: Operation): Doc => {
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(operation.responses)) {
      responses[status] = responseObject(Number(status), response);
    }
    if (needsBearer(operation)) responses['401'] ??= { $ref: '#/components/responses/Unauthorized' };
    if (operation.body) responses['413'] ??= { $ref: '#/components/responses/PayloadTooLarge' };
    responses['503'] ??= { $ref: '#/components/responses/Unavailable' };
    const body = requestBody(operation);
    const params = parameters(operation);
    const security = operation.access.map((access) => SECURITY_OF[access]);
    return {
      operationId: operation.operationId,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: [...operation.tags],
      ...(params.length > 0 ? { parameters: params } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
      security: security.filter(
        (requirement, index) => security.findIndex((other) => sameJson(other, requirement)) === index,
      ),
      'x-since': operation.since,
      'x-access': [...operation.access],
    };
  };

  const paths: Record<string, Record<string, Doc>> = {};
  for (const operation of operations) {
    (paths[operation.path] ??= {})[operation.method] = operationObject(operation);
  }
  const sharedResponses = Object.fromEntries(
    Object.entries(SHARED_RESPONSES).map(([name, description]) => [
      name,
      { description, content: { 'application/json': { schema: errorBody() } } },
    ]),
  );
  const version = VERSIONS.filter((v) => operations.some((operation) => operation.since === v)).at(-1) ?? '1';
  const tags = [...new Set(operations.flatMap((operation) => operation.tags))];

  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Amber Table provider API',
      version,
      description:
        'What a restaurant ordering app and its provider agree on. Every error answers `{ "error": { "code", "message", "fields"? } }`. A provider that implements contract v1 alone still serves the guest app fully: a 404 from a later call means "not offered". `x-since` gives the contract version that added a call, `x-access` who may make it. docs/contract.md in the repository tells the whole story.',
    },
    servers: [{ url: API_BASE }],
    tags: tags.map((name) => ({ name })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas: components(),
      responses: sharedResponses,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
