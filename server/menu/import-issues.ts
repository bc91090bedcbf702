// A MenuDocument's schema problems in the words of the menu (a dish's allergens, a name's length), not the validator's.
import type * as z from 'zod/mini';
import { ALLERGENS } from '../../contract/guest';
import type { ImportProblem } from '../../contract/menu-admin';
import { closestWord } from '../../src/domain/closest-word';
import { plainMessage } from '../api/zod-messages';

type Issue = z.core.$ZodIssue;

const quoted = (value: unknown) => `“${typeof value === 'string' ? value : JSON.stringify(value)}”`;

function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `text (${quoted(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  return 'an object';
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function oneOf(received: unknown, values: readonly unknown[]): string {
  if ((ALLERGENS as readonly unknown[]).every((allergen) => values.includes(allergen))) {
    const meant = typeof received === 'string' ? closestWord(received, ALLERGENS) : undefined;
    return meant
      ? `${quoted(received)} is not one of the 14 allergens; did you mean “${meant}”?`
      : `${quoted(received)} is not one of the 14 allergens (${ALLERGENS.join(', ')})`;
  }
  const choices = values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(', ');
  return `${quoted(received)} is not one of: ${choices}`;
}

function sizeWords(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>, received: unknown): string {
  const small = issue.code === 'too_small';
  const limit = Number(small ? (issue as { minimum: unknown }).minimum : (issue as { maximum: unknown }).maximum);
  const exact = issue.inclusive !== false;
  const bound = small ? (exact ? 'at least' : 'more than') : exact ? 'at most' : 'less than';
  if (issue.origin === 'string') {
    if (small && limit <= 1) return 'may not be empty';
    const length = typeof received === 'string' ? ` (this has ${received.length})` : '';
    return `${bound} ${limit.toLocaleString('en')} characters${length}`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    if (small && limit <= 1) return 'needs at least one';
    const count = Array.isArray(received) ? ` (this has ${received.length})` : '';
    return `${bound} ${limit.toLocaleString('en')}${count}`;
  }
  return `${bound} ${limit.toLocaleString('en')}${typeof received === 'number' ? `, not ${received}` : ''}`;
}

/** The lists whose entries are entities with fields of their own, each named by its position. */
const ENTITY_LISTS = ['categories', 'sub_categories', 'items', 'options', 'choices', 'hours'];

/** The message for one issue; the schema's own words (a refinement's, a pattern's) where it has them. */
export function issueMessage(issue: Issue, body: unknown): string {
  const received = valueAt(body, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (received === undefined) return 'missing: it is required';
      return `should be ${EXPECTED[issue.expected] ?? issue.expected}, not ${kindOf(received)}`;
    case 'invalid_value':
      return oneOf(received, issue.values);
    case 'too_small':
    case 'too_big':
      // The general words for a size are replaced by the import's own, with the size found; a schema's own are kept.
      return issue.message === plainMessage(issue) ? sizeWords(issue, received) : issue.message;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return `not a form this field takes (${kindOf(received)})`;
    case 'invalid_format':
      return issue.message.startsWith('Invalid') ? `not in the expected form (${kindOf(received)})` : issue.message;
    default:
      return issue.message;
  }
}

/**
 * One issue as the report's row: the entity it is in (`categories.0.sub_categories.0.items.0`), the field, and the
 * message. A position in a list of values (`allergens.1`) is the field's, named by the value in the message.
 */
export function importProblem(issue: Issue, body: unknown): ImportProblem {
  const path = issue.path.map(String);
  const list = path[path.length - 2];
  if (list !== undefined && /^\d+$/.test(path[path.length - 1] ?? '') && !ENTITY_LISTS.includes(list)) path.pop();
  const field = path.length > 0 ? (path.pop() ?? 'body') : 'body';
  return { path: path.join('.'), field, message: issueMessage(issue, body) };
}
