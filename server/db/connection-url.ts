// Reading a PostgreSQL connection URL as pg and libpq do, with the Unix-socket forms (postgresql://user@/db?host=/run/…)
// that the WHATWG URL parser refuses.
import { parse } from 'pg-connection-string';

/** Where a connection URL points, without its user or password: `host:port/database`, the host possibly a socket folder. */
export function describeDatabase(connectionString: string): string {
  const { host, port, database } = parse(connectionString);
  return `${host || 'localhost'}${port ? `:${port}` : ''}/${database ?? ''}`;
}

/** A loopback address, or a Unix socket (no host, or a host that is a folder), as pg reads a connection URL. */
export function databaseOnThisMachine(connectionString: string): boolean {
  let host: string;
  try {
    // A `host` parameter wins over the URL's host; none at all is pg's default, this machine.
    host = parse(connectionString).host ?? '';
  } catch {
    return false;
  }
  host = host.replace(/^\[|\]$/g, '');
  return host === '' || host === 'localhost' || host === '::1' || host.startsWith('127.') || host.startsWith('/');
}

/**
 * The URL with its password taken out, whether it came as `user:password@` or as a `password` parameter, and the
 * password: programs such as pg_dump get it through PGPASSWORD, since their command line is readable by others.
 */
export function splitPassword(connectionString: string): { url: string; password: string | undefined } {
  let password: string | undefined;
  let url = connectionString.replace(
    /^([a-z][a-z0-9+.-]*:\/\/[^:@/?#]*):([^@/?#]*)@/i,
    (_match, head: string, secret) => {
      password = decodeURIComponent(secret as string);
      return `${head}@`;
    },
  );
  url = url.replace(/([?&])password=([^&#]*)&?/i, (_match, separator: string, secret: string) => {
    password ??= decodeURIComponent(secret);
    return separator;
  });
  return { url: url.replace(/[?&]$/, ''), password: password || undefined };
}
