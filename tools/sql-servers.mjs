// @ts-check
// Where Debian installs the PostgreSQL and MariaDB servers that tests/unit/grant-checks.spec.ts starts, and the
// packages that bring them (scripts/run-tests.mjs installs those that are missing).
import {existsSync, readdirSync} from 'node:fs';

/** Debian's postgresql package brings postgresql-common (this wrapper) and the server of the release's major version. */
export const POSTGRES_PACKAGE = {program: '/usr/bin/pg_ctlcluster', pkg: 'postgresql'};
export const MARIADB_PACKAGE = {program: '/usr/sbin/mariadbd', pkg: 'mariadb-server'};
/** For the test certificate authority and the server certificates it signs: the pages' commands connect with verified TLS. */
export const OPENSSL_PACKAGE = {program: '/usr/bin/openssl', pkg: 'openssl'};

export const MARIADB = {
  server: '/usr/sbin/mariadbd',
  installDb: '/usr/bin/mariadb-install-db',
  client: '/usr/bin/mariadb',
  /** The name the MySQL page's command calls; Debian's mariadb-client-core links it to the MariaDB client. */
  mysql: '/usr/bin/mysql',
};

/**
 * The bin directory of the newest PostgreSQL server installed from Debian's packages
 * (/usr/lib/postgresql/<major>/bin with initdb, pg_ctl and psql), or undefined. The client packages install
 * psql there too, but not initdb.
 */
export function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(`${root}/${name}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return majors.length ? `${root}/${majors[0]}/bin` : undefined;
}
