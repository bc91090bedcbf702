// The words a caller reads when a request does not fit the contract: plain ones for the common cases, zod's English for
// the rest. zod/mini (the contract schemas' API) loads no locale, so without this its messages read "Invalid input".
import { config, type core } from 'zod/mini';
import { en } from 'zod/locales';

const count = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;

function sizeLimit(issue: { origin?: string; inclusive?: boolean }, limit: number | bigint, least: boolean) {
  const bound = least ? (issue.inclusive ? 'at least' : 'more than') : issue.inclusive ? 'at most' : 'less than';
  switch (issue.origin) {
    case 'number':
    case 'int':
    case 'bigint':
      return `must be ${bound} ${limit}`;
    case 'string':
      return `must be ${bound} ${count(limit, 'character', 'characters')} long`;
    case 'array':
    case 'set':
      return `must hold ${bound} ${count(limit, 'item', 'items')}`;
    default:
      return undefined;
  }
}

const EXPECTED: Record<string, string> = {
  number: 'must be a number',
  int: 'must be a whole number',
  string: 'must be text',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
};

/** zod's custom error map: undefined leaves the issue to the English locale. */
export function plainMessage(issue: core.$ZodRawIssue | core.$ZodIssue): string | undefined {
  switch (issue.code) {
    case 'too_small':
      return sizeLimit(issue, issue.minimum, true);
    case 'too_big':
      return sizeLimit(issue, issue.maximum, false);
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : EXPECTED[issue.expected];
    default:
      return undefined;
  }
}

config(en());
config({ customError: plainMessage });
