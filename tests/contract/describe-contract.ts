// Registers every contract case against one provider, started once for the whole suite.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { billCases } from './bill-cases';
import { contractCases } from './cases';
import { ContractClient, type ContractTarget } from './contract-client';
import { kitchenCases } from './kitchen-cases';
import { languageCases } from './language-cases';
import { menuAdminCases } from './menu-admin-cases';
import { optionCases } from './options-cases';
import { reportCases } from './report-cases';
import { restaurantCases } from './restaurant-cases';
import { securityCases } from './security-cases';
import { staffCases } from './staff-cases';
import { tableCases } from './table-cases';

export interface StartedTarget {
  target: ContractTarget;
  stop(): Promise<void>;
}

export function describeContract(name: string, start: () => Promise<StartedTarget>): void {
  describe(`contract: ${name}`, () => {
    let started: StartedTarget | undefined;
    let client: ContractClient | undefined;

    beforeAll(async () => {
      started = await start();
      client = new ContractClient(started.target);
    });
    afterAll(async () => {
      await started?.stop();
    });

    for (const contractCase of [
      ...contractCases,
      ...staffCases,
      ...optionCases,
      ...tableCases,
      ...languageCases,
      ...menuAdminCases,
      ...restaurantCases,
      ...kitchenCases,
      ...billCases,
      ...securityCases,
      ...reportCases,
    ]) {
      it(contractCase.name, async () => {
        if (!client) throw new Error(`${name} did not start`);
        await contractCase.run(client);
      });
    }
  });
}
