// `npm run contract:docs`: rewrites the generated parts of docs/contract.md (the calls and the shapes) from the OpenAPI document.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildOpenApiDocument } from '../contract/openapi';
import { allOperations } from '../contract/operations/index';
import type { Access, Operation } from '../contract/operations/operation';

export const docPath = fileURLToPath(new URL('../docs/contract.md', import.meta.url));

type Json = Record<string, unknown>;

const WHO: Record<Access, string> = {
  public: 'anyone (no token)',
  guest: 'guest (token)',
  'order-key': 'the order’s guest (`X-Order-Key`)',
  'table-key': 'a guest at the table (`X-Table-Key`)',
  'seating-key': 'the party at the table (`X-Seating-Key`)',
  staff: 'staff',
  manager: 'manager',
  'payment-provider': 'the payment provider (signed)',
};

const TAG_TITLES: Record<string, string> = {
  menu: 'Menu',
  orders: 'Orders',
  tables: 'Tables and the table’s bill',
  staff: 'Staff sessions and accounts',
  kitchen: 'The kitchen board',
  live: 'Live events',
  restaurant: 'The restaurant’s profile',
  contract: 'The contract itself',
};

const title = (tag: string) => TAG_TITLES[tag] ?? tag[0]!.toUpperCase() + tag.slice(1);

/** Markdown table cells hold no pipes or line breaks. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const refName = (ref: unknown) => (typeof ref === 'string' ? ref.split('/').pop()! : undefined);

/** A schema in a few words, TypeScript-like: `Order`, `Order[]`, `"open" | "all"`, `string | null`. */
function typeText(schema: Json | undefined): string {
  if (!schema) return '';
  const ref = refName(schema.$ref);
  if (ref) return ref;
  if (schema.enum) return (schema.enum as unknown[]).map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return (schema.anyOf as Json[]).map(typeText).join(' | ');
  const types = ([] as unknown[]).concat(schema.type ?? []);
  const base = types
    .map((type) => {
      if (type === 'array') {
        const items = typeText(schema.items as Json) || 'unknown';
        return items.includes(' ') ? `(${items})[]` : `${items}[]`;
      }
      if (type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        return `{ [key: string]: ${typeText(schema.additionalProperties as Json)} }`;
      }
      if (type === 'object' && schema.properties) {
        const required = new Set((schema.required ?? []) as string[]);
        const fields = Object.keys(schema.properties as Json).map((key) => (required.has(key) ? key : `${key}?`));
        return `{ ${fields.join(', ')} }`;
      }
      return type as string;
    })
    .join(' | ');
  return base || 'unknown';
}

const code = (text: string) => (text ? `\`${text}\`` : '');

/** Limits and formats in words: `1–64 characters`, `≥ 0`, `date-time`. */
function constraintText(schema: Json): string {
  const parts: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) parts.push(`${min}–${max}${unit}`);
    else if (min !== undefined) parts.push(`at least ${min}${unit}`);
    else if (max !== undefined) parts.push(`at most ${max}${unit}`);
  };
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  if (schema.exclusiveMinimum === 0 && schema.maximum === 2_147_483_647) parts.push('positive id');
  else {
    if (schema.exclusiveMinimum !== undefined) parts.push(`> ${schema.exclusiveMinimum}`);
    range(schema.minimum, schema.maximum, '');
  }
  if (schema.format) parts.push(String(schema.format));
  else if (schema.pattern && String(schema.pattern).length <= 40) parts.push(`matches \`${String(schema.pattern)}\``);
  if (schema.items && typeof schema.items === 'object' && !refName((schema.items as Json).$ref)) {
    const inner = constraintText(schema.items as Json);
    if (inner) parts.push(`each ${inner}`);
  }
  return parts.join(', ');
}

function callsSection(document: Json, operations: readonly Operation[]): string {
  const paths = document.paths as Record<string, Record<string, Json>>;
  const lines: string[] = [];
  const tags = [...new Set(operations.map((operation) => operation.tags[0] ?? 'other'))];
  for (const tag of tags) {
    lines.push(`### ${title(tag)}`, '');
    lines.push('| Call | Request | Who may call | Since | Answers |', '|---|---|---|---|---|');
    const inTag = operations.filter((operation) => (operation.tags[0] ?? 'other') === tag);
    for (const operation of inTag) {
      const documented = paths[operation.path]![operation.method]!;
      const statuses = Object.entries(documented.responses as Record<string, Json>)
        .filter(([, response]) => !response.$ref)
        .map(([status]) => status)
        .join(', ');
      lines.push(
        `| [${operation.operationId}](#${operation.operationId.toLowerCase()}) | \`${operation.method.toUpperCase()} ${operation.path}\` | ${operation.access.map((access) => WHO[access]).join('; ')} | ${operation.since} | ${statuses} |`,
      );
    }
    lines.push('');
    for (const operation of inTag) lines.push(...callDetails(paths[operation.path]![operation.method]!, operation));
  }
  return lines.join('\n');
}

function callDetails(documented: Json, operation: Operation): string[] {
  const lines = [
    `#### ${operation.operationId}`,
    '',
    `\`${operation.method.toUpperCase()} ${operation.path}\`: ${operation.summary}. Who may call: ${operation.access.map((access) => WHO[access]).join('; ')}. Since v${operation.since}.`,
    '',
  ];
  if (operation.description) lines.push(operation.description, '');
  const parameters = (documented.parameters ?? []) as Json[];
  if (parameters.length > 0) {
    lines.push('| Parameter | In | Type | Required | Notes |', '|---|---|---|---|---|');
    for (const parameter of parameters) {
      const schema = parameter.schema as Json;
      const notes = [constraintText(schema), parameter.description as string | undefined].filter(Boolean).join('. ');
      lines.push(
        `| \`${parameter.name}\` | ${parameter.in} | ${cell(code(typeText(schema)))} | ${parameter.required ? 'yes' : 'no'} | ${cell(notes)} |`,
      );
    }
    lines.push('');
  }
  const body = documented.requestBody as Json | undefined;
  if (body) {
    const content = body.content as Record<string, Json>;
    const described = Object.entries(content)
      .map(([type, media]) => `${code(typeText(media.schema as Json | undefined)) || 'a body'} as \`${type}\``)
      .join(', or ');
    lines.push(`Body: ${described}${body.description ? `. ${body.description}` : ''}.`, '');
  }
  lines.push('| Status | Meaning | Body |', '|---|---|---|');
  const responses = documented.responses as Record<string, Json>;
  for (const [status, response] of Object.entries(responses)) {
    // The answers every call may give are told once, under Transport.
    if (response.$ref) continue;
    const content = (response.content ?? {}) as Record<string, Json>;
    const bodies = Object.entries(content).map(([type, media]) =>
      media.schema ? code(typeText(media.schema as Json)) : `\`${type}\``,
    );
    lines.push(`| ${status} | ${cell(String(response.description))} | ${cell(bodies.join(', ')) || 'none'} |`);
  }
  lines.push('');
  return lines;
}

function shapesSection(document: Json): string {
  const schemas = (document.components as { schemas: Record<string, Json> }).schemas;
  const lines: string[] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    lines.push(`#### ${name}`, '');
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema.required ?? []) as string[]);
    lines.push('| Field | Type | Required | Notes |', '|---|---|---|---|');
    for (const [field, property] of Object.entries(properties)) {
      lines.push(
        `| \`${field}\` | ${cell(code(typeText(property)))} | ${required.has(field) ? 'yes' : 'no'} | ${cell(constraintText(property))} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

const SECTIONS = {
  calls: (document: Json) => callsSection(document, allOperations),
  shapes: shapesSection,
} as const;

/** Replaces what lies between `<!-- generated:NAME -->` and `<!-- end generated -->` with the section's text. */
export function renderContractDoc(current: string): string {
  const document = buildOpenApiDocument();
  let text = current;
  for (const [name, render] of Object.entries(SECTIONS)) {
    const start = `<!-- generated:${name} (npm run contract:docs) -->`;
    const end = '<!-- end generated -->';
    const from = text.indexOf(start);
    const to = text.indexOf(end, from);
    if (from < 0 || to < 0) throw new Error(`docs/contract.md has no "${start}" … "${end}" block`);
    text = `${text.slice(0, from + start.length)}\n\n${render(document)}\n${text.slice(to)}`;
  }
  return text;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(docPath, renderContractDoc(readFileSync(docPath, 'utf8')));
  console.log(`Wrote ${docPath}`);
}
