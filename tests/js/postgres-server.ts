// A throwaway PostgreSQL server for the engine tests: Debian's postgresql (installed by
// scripts/setup.sh), a cluster in a temporary directory, reachable only through a Unix socket in
// that directory, stopped and deleted by stop(). PostgreSQL refuses to run as root, so as root the
// server runs as the "postgres" user the package creates; psql connects as the superuser with
// trust authentication (nothing listens on the network).
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

export interface PostgresServer {
  /** Runs SQL through psql; returns its CSV output (header first). */
  query(sql: string): string;
  /** Loads a CSV file as a table of text columns named by its header. */
  loadCsv(table: string, file: string, columns: string[]): void;
  stop(): void;
}

function binDirectory(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))) : [];
  if (versions.length === 0) {
    throw new Error("PostgreSQL's server is not installed: run `npm run setup` (it installs Debian's postgresql)");
  }
  return join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

function run(command: string, args: string[], asServerUser: boolean, input?: string): string {
  const [file, argv] =
    asServerUser && userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8', input, maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) {
    throw new Error(`${command} failed (${result.status ?? result.signal}): ${result.stderr || result.error?.message}`);
  }
  return result.stdout;
}

export function startPostgres(): PostgresServer {
  const bin = binDirectory();
  const home = mkdtempSync(join(tmpdir(), 'privsynth-postgres-'));
  if (userInfo().uid === 0) chownSync(home, Number(run('id', ['-u', 'postgres'], false).trim()), -1);
  const data = join(home, 'data');
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'], true);
  const port = String(20000 + (process.pid % 20000));
  run(
    join(bin, 'pg_ctl'),
    ['-D', data, '-w', '-l', join(home, 'log'), '-o', `-k ${home} -p ${port} -c listen_addresses=''`, 'start'],
    true,
  );
  const psql = (args: string[], input?: string) =>
    run('psql', ['-h', home, '-p', port, '-U', 'postgres', '-X', '-q', '-v', 'ON_ERROR_STOP=1', ...args], false, input);
  return {
    query: (sql) => psql(['--csv', '-f', '-'], sql),
    loadCsv(table, file, columns) {
      const quoted = columns.map((c) => `"${c.replace(/"/g, '""')}" text`).join(', ');
      psql(['-c', `CREATE TABLE ${table} (${quoted})`]);
      psql(['-c', `\\copy ${table} FROM '${file}' WITH (FORMAT csv, HEADER true)`]);
    },
    stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], true);
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
  };
}
