// Throwaway PostgreSQL and MariaDB servers for the grant checks of the datastore pages: each starts in its own
// temporary directory, listens on a free loopback port (and a Unix socket there, for the test's own setup), presents
// a certificate signed by a certificate authority made for it, and is stopped and deleted by `stop()`. Both servers
// refuse to run as root: as root, PostgreSQL runs as the `postgres` user and MariaDB as `mysql`, the users Debian's
// packages create.
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {chmodSync, chownSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir, userInfo} from 'node:os';
import path from 'node:path';
import {MARIADB, postgresBinDir} from '../../tools/sql-servers.mjs';
import {certificateAuthorityArgs, signedCertificateArgs} from './certificates';

const IS_ROOT = process.getuid?.() === 0;

/** Runs a program (as `user` when we are root) and returns its standard output; throws with its output on failure. */
function run(program: string, args: string[], {input, user}: {input?: string; user?: string} = {}): string {
  const [command, argv] = IS_ROOT && user ? ['runuser', ['-u', user, '--', program, ...args]] : [program, args];
  const result = spawnSync(command, argv, {input, encoding: 'utf8', timeout: 60_000});
  if (result.status !== 0) {
    throw new Error(
      `${[program, ...args].join(' ')} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`}):\n${result.stderr}${result.stdout}`,
    );
  }
  return result.stdout;
}

/** A temporary directory the server's user owns. */
function serverDirectory(prefix: string, user: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  if (IS_ROOT) {
    const {uid, gid} = userIds(user);
    chownSync(dir, uid, gid);
  }
  return dir;
}

function userIds(user: string): {uid: number; gid: number} {
  return {uid: Number(run('id', ['-u', user])), gid: Number(run('id', ['-g', user]))};
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number};
      server.close(() => resolve(port));
    });
  });
}

/** The files of a server's TLS: the certificate authority a client is given, and what the server presents. */
type ServerCertificate = {caFile: string; certFile: string; keyFile: string};

/**
 * Writes a certificate authority and a server certificate it signed for `altNames` into `dir`, as `user` (the server's
 * user, who must own its key); the key is readable by that user alone, as PostgreSQL requires.
 */
function writeServerCertificate(dir: string, user: string, altNames: string[]): ServerCertificate {
  const authority = {keyFile: path.join(dir, 'ca-key.pem'), certFile: path.join(dir, 'ca.pem')};
  run('openssl', certificateAuthorityArgs({...authority, commonName: 'Vigil docs test CA'}), {user});
  const server = {keyFile: path.join(dir, 'server-key.pem'), certFile: path.join(dir, 'server-cert.pem')};
  const commonName = altNames[0].replace(/^\w+:/, '');
  run('openssl', signedCertificateArgs({...server, commonName, altNames, authority}), {user});
  chmodSync(server.keyFile, 0o600);
  return {caFile: authority.certFile, ...server};
}

export type PostgresServer = {
  /** The TCP port, on localhost: connections over TCP must use TLS and a SCRAM password (pg_hba.conf `hostssl`). */
  port: number;
  /** The certificate of the authority that signed the server's certificate, which names `DNS:localhost` only. */
  caFile: string;
  /** Runs SQL with psql as `user` in `database` over the Unix socket (trusted) and returns psql's aligned output; throws on the first error. */
  sql(sql: string, options: {user: string; database: string}): string;
  stop(): void;
};

/**
 * initdb and pg_ctl start a cluster on a free port: over the Unix socket in its temporary directory it trusts every
 * role (the test's own setup), over TCP on localhost it accepts only TLS with a password, like a server Vigil reaches.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(
      "No PostgreSQL server in /usr/lib/postgresql/<major>/bin: install Debian's postgresql package (npm test does)",
    );
  const user = IS_ROOT ? 'postgres' : userInfo().username;
  const dir = serverDirectory('vigil-postgres-', user);
  const data = path.join(dir, 'data');
  const port = await freeLoopbackPort();
  run(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions'], {
    user,
  });
  writeFileSync(
    path.join(data, 'pg_hba.conf'),
    [
      '# TYPE   DATABASE  USER  ADDRESS       METHOD',
      'local    all       all                 trust',
      'hostssl  all       all   127.0.0.1/32  scram-sha-256',
      'hostssl  all       all   ::1/128       scram-sha-256',
      '',
    ].join('\n'),
  );
  const tls = writeServerCertificate(dir, user, ['DNS:localhost']);
  run(
    `${bin}/pg_ctl`,
    [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '30',
      'start',
      '-o',
      [
        `-c listen_addresses=localhost -k ${dir} -p ${port}`,
        `-c ssl=on -c ssl_cert_file=${tls.certFile} -c ssl_key_file=${tls.keyFile}`,
        '-c fsync=off -c full_page_writes=off',
      ].join(' '),
    ],
    {user},
  );
  return {
    port,
    caFile: tls.caFile,
    sql: (sql, {user: role, database}) =>
      run(
        `${bin}/psql`,
        ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', dir, '-p', String(port), '-U', role, '-d', database, '-f', '-'],
        {input: sql},
      ),
    stop() {
      try {
        run(`${bin}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop'], {user});
      } finally {
        rmSync(dir, {recursive: true, force: true});
      }
    },
  };
}

export type MariadbServer = {
  /** The TCP port, on 127.0.0.1. */
  port: number;
  /** The certificate of the authority that signed the server's certificate, which names `IP:127.0.0.1` only. */
  caFile: string;
  /** Runs SQL as root over the server's socket. */
  rootSql(sql: string): string;
  /** Runs SQL as `user` over TLS on the loopback port (not verified: the test's own setup), in the client's table format. */
  sql(sql: string, options: {user: string; password: string}): string;
  stop(): Promise<void>;
};

/** mariadb-install-db and mariadbd with a CA-signed certificate, on a free loopback port and a socket in its directory. */
export async function startMariadb(): Promise<MariadbServer> {
  for (const program of Object.values(MARIADB)) {
    if (!existsSync(program))
      throw new Error(`${program} is missing: install Debian's mariadb-server package (npm test does)`);
  }
  const user = IS_ROOT ? 'mysql' : userInfo().username;
  const dir = serverDirectory('vigil-mariadb-', user);
  const data = path.join(dir, 'data');
  const socket = path.join(dir, 'mariadb.sock');
  const port = await freeLoopbackPort();
  const userOption = IS_ROOT ? ['--user=mysql'] : [];
  run(MARIADB.installDb, [
    '--no-defaults',
    ...userOption,
    `--datadir=${data}`,
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
  ]);
  const tls = writeServerCertificate(dir, user, ['IP:127.0.0.1']);
  const server: ChildProcess = spawn(
    MARIADB.server,
    [
      '--no-defaults',
      ...userOption,
      `--datadir=${data}`,
      `--socket=${socket}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--pid-file=${path.join(dir, 'mariadb.pid')}`,
      `--log-error=${path.join(dir, 'error.log')}`,
      `--ssl-cert=${tls.certFile}`,
      `--ssl-key=${tls.keyFile}`,
      '--innodb-buffer-pool-size=16M',
      '--skip-log-bin',
    ],
    {stdio: 'ignore'},
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const rootSql = (sql: string) =>
    run(MARIADB.client, ['--no-defaults', `--socket=${socket}`, '--user=root', '--batch'], {input: sql});
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
    rmSync(dir, {recursive: true, force: true});
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      rootSql('SELECT 1;');
      break;
    } catch (error) {
      if (server.exitCode !== null || Date.now() > deadline) {
        const log =
          existsSync(path.join(dir, 'error.log')) && statSync(path.join(dir, 'error.log')).size
            ? run('tail', ['-20', path.join(dir, 'error.log')])
            : '';
        await stop().catch(() => undefined);
        throw new Error(`MariaDB did not start: ${(error as Error).message}\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    port,
    caFile: tls.caFile,
    rootSql,
    sql: (sql, {user: name, password}) =>
      run(
        MARIADB.client,
        [
          '--no-defaults',
          '--host=127.0.0.1',
          `--port=${port}`,
          `--user=${name}`,
          `--password=${password}`,
          '--ssl',
          '--table',
        ],
        {input: sql},
      ),
    stop,
  };
}
