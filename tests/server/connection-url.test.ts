// Connection URLs read as pg and libpq read them: the Unix-socket forms too, and the password never shown or passed on
// a command line.
import { describe, expect, it } from 'vitest';
import { describeDatabase, splitPassword } from '../../server/db/connection-url';
import { describeStorage } from '../../server/db/open-database';

describe('describing the database', () => {
  it('names host, port and database, never the user or the password', () => {
    expect(describeDatabase('postgres://app:s3cret@db.internal:5433/amber')).toBe('db.internal:5433/amber');
    expect(describeStorage({ kind: 'postgres', connectionString: 'postgres://app:s3cret@127.0.0.1/amber' })).toBe(
      'PostgreSQL at 127.0.0.1/amber',
    );
  });

  it('reads the Unix-socket forms the WHATWG URL parser refuses', () => {
    expect(describeDatabase('postgresql://app@/amber?host=%2Fvar%2Frun%2Fpostgresql&port=5433')).toBe(
      '/var/run/postgresql:5433/amber',
    );
    expect(describeDatabase('postgresql:///amber?host=/tmp')).toBe('/tmp/amber');
    expect(describeDatabase('postgresql:///amber')).toBe('localhost/amber');
  });
});

describe('the password for a program such as pg_dump', () => {
  /** The URL splitPassword gives for `given`, and the password it took out. */
  const split = (given: string, url: string, password: string | undefined) =>
    expect(splitPassword(given)).toEqual({ url, password });

  it('comes out of user:password@, decoded, and the URL keeps everything else', () => {
    split(
      'postgres://app:p%40ss%3Aword@db:5432/amber?sslmode=verify-full',
      'postgres://app@db:5432/amber?sslmode=verify-full',
      'p@ss:word',
    );
  });

  it('comes out of a password parameter too, wherever it stands', () => {
    split('postgresql://app@/amber?password=se%26cret&host=/run/pg', 'postgresql://app@/amber?host=/run/pg', 'se&cret');
    split('postgresql://app@db/amber?sslmode=require&password=x', 'postgresql://app@db/amber?sslmode=require', 'x');
  });

  it('leaves a URL without one as it is', () => {
    split('postgresql://app@/amber?host=/run/pg', 'postgresql://app@/amber?host=/run/pg', undefined);
    split('postgres://app@127.0.0.1:5432/amber', 'postgres://app@127.0.0.1:5432/amber', undefined);
  });
});
