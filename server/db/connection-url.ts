// Reading a PostgreSQL connection URL as pg and libpq do, with the Unix-socket forms (postgresql://user@/db?host=/run/…)
// that the WHATWG URL parser refuses.
import { parse } from 'pg-connection-string';

/** Where a connection URL points, without its user or password: `host:port/database`, the host possibly a socket folder. */
export function describeDatabase(connectionString: string): string {
  const { host, port, database } = parse(connectionString);
  return `${host || 'localhost'}${port ? `:${port}` : ''}/${database ?? ''}`;
}

/** The host a connection URL points at (a `host` parameter wins); '' when it names none (pg's default, this machine). */
export function databaseHost(connectionString: string): string {
  return parse(connectionString).host ?? '';
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
