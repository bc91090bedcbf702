// docs/contract.md's tables of calls and shapes are generated from the operations; this fails when they are stale.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { docPath, renderContractDoc } from '../../scripts/contract-docs';

it('docs/contract.md matches the operations and schemas (run `npm run contract:docs` to update it)', () => {
  const current = readFileSync(docPath, 'utf8');
  expect(current).toBe(renderContractDoc(current));
});
