// What `npm start` prints last: where the app is, how staff sign in, where the tables' QR codes are. Pure, so it is tested as text.
import type { StaffRole } from '../contract/staff';
import type { CreatedAccount } from './staff/staff-bootstrap';

export interface StartBannerInput {
  /** An address a browser on this machine can open. */
  url: string;
  /** Whether the built app is there to serve, and where it is looked for. */
  app: { built: boolean; dir: string };
  staff:
    | { kind: 'created'; accounts: readonly CreatedAccount[] }
    | { kind: 'configured'; name: string }
    | { kind: 'existing' };
  /** The first table, to show what a QR code opens. */
  firstTable?: { id: number; name: string; key: string };
  /** The PGlite folder the data lives in, if any (none on PostgreSQL or in memory). */
  dataDir?: string;
}

const RULE = '='.repeat(78);

const WHAT_ROLE_DOES: Record<StaffRole, string> = {
  manager: 'the floor and QR codes, the tables, refunds, staff accounts, and all a waiter does',
  waiter: 'the front of house: tables, guests’ requests, bills and the till',
  // What the cook's console links to: the floor is the front of house's (docs/console.md, Roles).
  kitchen: 'the kitchen board with the guests’ requests and "Guests left?", and the menu’s sold-out switches',
};

export function startBanner({ url, app, staff, firstTable, dataDir }: StartBannerInput): string[] {
  const lines = [RULE, '  Amber Table is ready.', ''];
  if (app.built) {
    lines.push(`  Guests     ${url}/`);
    if (firstTable) {
      lines.push(`             at a table, as its QR code opens it (${firstTable.name}):`);
      lines.push(`             ${url}/?table=${firstTable.id}&key=${firstTable.key}`);
    }
  } else {
    lines.push(`  Guests     the app is not built (no ${app.dir}/): run npm run build, or npm start, which builds it`);
  }

  lines.push('', `  Staff      ${url}/staff`);
  if (staff.kind === 'created') {
    lines.push('             Demo accounts; the passwords are shown this once:');
    const width = Math.max(...staff.accounts.map((account) => account.name.length));
    for (const account of staff.accounts) {
      lines.push(
        `               ${account.name.padEnd(width)}  ${account.password}  (${WHAT_ROLE_DOES[account.role]})`,
      );
    }
    lines.push('             For real accounts, set PROVIDER_MANAGER_PASSWORD (README, Configuration).');
  } else if (staff.kind === 'configured') {
    lines.push(`             Sign in as ${staff.name} with PROVIDER_MANAGER_PASSWORD.`);
  } else {
    lines.push(
      '             Sign in with the accounts made at the first start (their passwords were shown then).',
      '             Lost them? Start with PROVIDER_MANAGER_PASSWORD=<10+ characters> to reset the manager’s.',
    );
  }

  lines.push(
    '',
    '  QR codes   Sign in as a manager and open Tables: every table’s code and link, and',
    '             "Print sheet of all QR codes" to print them and cut them out.',
    '',
    `  Stop       Ctrl-C${dataDir ? `. The data stays in ${dataDir}/ (delete it to start over).` : ''}`,
    RULE,
  );
  return lines;
}
