// Finds PostgreSQL's own programs (pg_dump, pg_restore, pg_ctl) as CI does: the newest /usr/lib/postgresql/*/bin.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const DEBIAN_ROOT = '/usr/lib/postgresql';

const byVersion = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/**
 * The folder holding PostgreSQL's programs: PROVIDER_PG_BIN when set, else Debian's newest version, else the folder
 * of `pg_dump` on the PATH; undefined when none is installed.
 */
export function findPostgresBin(env: Record<string, string | undefined> = process.env): string | undefined {
  const asked = env.PROVIDER_PG_BIN?.trim();
  if (asked) return asked;
  if (existsSync(DEBIAN_ROOT)) {
    const newest = readdirSync(DEBIAN_ROOT)
      .filter((version) => existsSync(join(DEBIAN_ROOT, version, 'bin', 'pg_dump')))
      .sort(byVersion)
      .at(-1);
    if (newest) return join(DEBIAN_ROOT, newest, 'bin');
  }
  try {
    const found = execFileSync('sh', ['-c', 'command -v pg_dump'], { encoding: 'utf8' }).trim();
    return found ? found.replace(/\/pg_dump$/, '') : undefined;
  } catch {
    return undefined;
  }
}
