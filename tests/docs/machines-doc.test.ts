// docs/machines.md is generated from the machines; this fails when a machine changed and the document did not.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { docPath, renderMachinesDoc } from '../../scripts/machines-docs';

it('docs/machines.md matches the machine definitions (run `npm run machines:docs` to update it)', async () => {
  expect(readFileSync(docPath, 'utf8')).toBe(await renderMachinesDoc());
});
