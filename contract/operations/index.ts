// Every call of the contract, gathered from the areas' lists, with the schema modules whose names the document uses.
// A new area is an import and one line in each list below; the app never imports this (a dependency-cruiser rule).
import * as billSchemas from '../bill';
import * as guestSchemas from '../guest';
import * as kitchenSchemas from '../kitchen';
import * as liveEventSchemas from '../live-events';
import * as menuAdminSchemas from '../menu-admin';
import * as orderSchemas from '../orders';
import * as reportSchemas from '../reports';
import * as restaurantSchemas from '../restaurant';
import * as staffSchemas from '../staff';
import * as tableSchemas from '../tables';
import { billOperations } from './bill';
import { documentOperations } from './document';
import { guestOperations } from './guest';
import { kitchenOperations } from './kitchen';
import { liveOperations } from './live';
import { menuAdminOperations } from './menu-admin';
import type { Operation } from './operation';
import { reportOperations } from './reports';
import { restaurantOperations } from './restaurant';
import { staffOperations } from './staff';
import { tableOperations } from './tables';

/** Each area's calls, keyed by the file under contract/operations/ that lists them. */
export const operationsByArea = {
  guest: guestOperations,
  tables: tableOperations,
  bill: billOperations,
  staff: staffOperations,
  'menu-admin': menuAdminOperations,
  live: liveOperations,
  restaurant: restaurantOperations,
  kitchen: kitchenOperations,
  reports: reportOperations,
  document: documentOperations,
} satisfies Record<string, readonly Operation[]>;

export const allOperations: readonly Operation[] = Object.values(operationsByArea).flat();

/** Exported object schemas of these modules are the document's named components (`orderSchema` → `Order`). */
export const schemaModules: readonly Record<string, unknown>[] = [
  guestSchemas,
  orderSchemas,
  liveEventSchemas,
  staffSchemas,
  restaurantSchemas,
  kitchenSchemas,
  tableSchemas,
  billSchemas,
  menuAdminSchemas,
  reportSchemas,
];

export type { Access, ContractVersion, Operation } from './operation';
