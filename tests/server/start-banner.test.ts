// The block `npm start` prints last: a newcomer finds the address, the staff's passwords and where the QR codes are.
import { describe, expect, it } from 'vitest';
import { startBanner, type StartBannerInput } from '../../server/start-banner';

const base: StartBannerInput = {
  url: 'http://127.0.0.1:4173',
  app: { built: true, dir: 'dist' },
  staff: {
    kind: 'created',
    accounts: [
      { name: 'manager', role: 'manager', password: 'Mgr-password-1234' },
      { name: 'cook', role: 'kitchen', password: 'Cook-password-567' },
    ],
  },
  firstTable: { id: 1, name: 'Window 1', key: 'k'.repeat(32) },
  dataDir: '.data/provider',
};

const text = (input: StartBannerInput) => startBanner(input).join('\n');

describe('the start banner', () => {
  it('gives the address, each demo account with its password, and where the QR codes are, between two rules', () => {
    const lines = startBanner(base);
    expect(lines[0]).toMatch(/^=+$/);
    expect(lines.at(-1)).toBe(lines[0]);
    const block = lines.join('\n');
    expect(block).toContain('Guests     http://127.0.0.1:4173/');
    expect(block).toContain(`http://127.0.0.1:4173/?table=1&key=${'k'.repeat(32)}`);
    expect(block).toContain('Staff      http://127.0.0.1:4173/staff');
    expect(block).toMatch(/manager {2}Mgr-password-1234 {2}\(the floor and QR codes/);
    expect(block).toMatch(/cook {5}Cook-password-567 {2}\(the kitchen board/);
    // The cook's console links the kitchen board and the menu, not the floor: the note says what it has.
    const cook = lines.find((line) => line.includes('Cook-password-567')) ?? '';
    expect(cook).toContain(
      '(the kitchen board with the guests’ requests and "Guests left?", and the menu’s sold-out switches)',
    );
    expect(cook).not.toMatch(/floor/i);
    expect(block).toContain('shown this once');
    expect(block).toContain('open Tables');
    expect(block).toContain('"Print sheet of all QR codes"');
    expect(block).toContain('The data stays in .data/provider/');
  });

  it('says how to sign in when the accounts exist already, or the manager is configured', () => {
    const existing = text({ ...base, staff: { kind: 'existing' } });
    expect(existing).toContain('accounts made at the first start');
    expect(existing).toContain('PROVIDER_MANAGER_PASSWORD=<10+ characters>');
    expect(existing).not.toContain('Mgr-password');
    expect(text({ ...base, staff: { kind: 'configured', name: 'ana' } })).toContain(
      'Sign in as ana with PROVIDER_MANAGER_PASSWORD.',
    );
  });

  it('says how to build the app when it is not built, and names no folder on PostgreSQL', () => {
    const unbuilt = text({ ...base, app: { built: false, dir: 'dist' }, dataDir: undefined });
    expect(unbuilt).toContain('the app is not built (no dist/): run npm run build');
    expect(unbuilt).not.toContain('?table=1');
    expect(unbuilt).toMatch(/Stop {7}Ctrl-C\n/);
  });
});
