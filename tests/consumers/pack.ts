// The npm package as it is published: `npm pack` in web/lib (its prepack copies LICENSE and
// README.md in, its postpack removes them) into a temp folder, once per test process. The tarball's
// file list is checked before any consumer gets it: the builds and declarations of package.json's
// exports map, README.md and LICENSE, and nothing else (no src/, no wasm build output).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const libDir = join(repoRoot, 'web/lib');

export interface CommandResult {
  stdout: string;
  stderr: string;
}

// Settings a child npm must still see; every other npm_* variable comes from the npm/npx that
// started the tests (npm_config_local_prefix=/work/main, npm_package_*, ...) and would point the
// child at the repository instead of its own folder.
const KEPT_NPM_SETTINGS = new Set([
  'npm_config_cache',
  'npm_config_registry',
  'npm_config_userconfig',
  'npm_config_globalconfig',
  'npm_config_cafile',
]);

/** The environment of a consumer's commands: without the test runner's NODE_ENV, VITEST* and npm_* settings. */
export function consumerEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => KEPT_NPM_SETTINGS.has(key) || !/^(npm_|VITEST|VITE_|NODE_ENV$|NODE_OPTIONS$|TEST$)/i.test(key),
    ),
  );
}

/** Runs a command; a failure names the command, its folder and exit status, and prints its output. */
export function runCommand(command: string, args: string[], cwd: string, timeoutMs = 60_000): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd, env: consumerEnv(), timeout: timeoutMs, maxBuffer: 64 << 20, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) {
          resolve({ stdout, stderr });
          return;
        }
        const status = error.killed
          ? `killed after ${timeoutMs / 1000} s`
          : typeof error.code === 'number'
            ? `exit status ${error.code}`
            : (error.signal ?? error.message.split('\n')[0]);
        reject(
          new Error(
            [
              `\`${[command, ...args].join(' ')}\` failed in ${cwd} (${status})`,
              '--- stdout ---',
              stdout.trim() || '(empty)',
              '--- stderr ---',
              stderr.trim() || '(empty)',
            ].join('\n'),
          ),
        );
      },
    );
  });
}

/** Runs one of the repository's Node tools (node_modules/<path>) with this Node, e.g. 'typescript/bin/tsc'. */
export function runRepoTool(path: string, args: string[], cwd: string, timeoutMs?: number): Promise<CommandResult> {
  return runCommand(process.execPath, [join(repoRoot, 'node_modules', path), ...args], cwd, timeoutMs);
}

export interface PackedLibrary {
  tarball: string;
  version: string;
  /** Paths inside the tarball, without its `package/` prefix. */
  files: string[];
  /** Size of the .tgz and of its contents, in bytes (npm pack's own figures). */
  size: number;
  unpackedSize: number;
}

/** Every file an exports condition or a bin entry points at (dist/node.js, dist/types/node.d.ts, ...). */
function targets(entry: unknown): string[] {
  if (typeof entry === 'string') return [entry.replace(/^\.\//, '')];
  if (entry === null || typeof entry !== 'object') return [];
  return Object.values(entry).flatMap(targets);
}

/** What is wrong with a packed file list: missing files, then files that must not ship. */
export function packProblems(files: string[]): string[] {
  const manifest = JSON.parse(readFileSync(join(libDir, 'package.json'), 'utf8')) as {
    exports: unknown;
    bin?: unknown;
  };
  const required = new Set([
    'package.json',
    'README.md',
    'LICENSE',
    'dist/node.js',
    'dist/browser.js',
    ...targets(manifest.exports),
    ...targets(manifest.bin),
  ]);
  const missing = [...required].filter((file) => !files.includes(file)).map((file) => `missing ${file}`);
  if (!files.some((file) => /^dist\/types\/.+\.d\.ts$/.test(file))) missing.push('no declarations in dist/types/');
  // Only the builds and their declarations: no src/, no wasm/ or build/ output, no source maps.
  const allowed = (file: string) =>
    required.has(file) || /^dist\/types\/[\w./-]+\.d\.ts$/.test(file) || /^dist\/(?!types\/)[\w./-]+\.js$/.test(file);
  return [...missing, ...files.filter((file) => !allowed(file)).map((file) => `unexpected ${file}`)];
}

/** One npm pack at a time across processes: prepack and postpack add and remove files in web/lib. */
async function withPackLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), 'privsynth-npm-pack.lock');
  for (const deadline = Date.now() + 60_000; ;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if (age > 30_000)
        rmSync(lock, { recursive: true, force: true }); // left by a killed run
      else if (Date.now() > deadline) throw new Error(`another npm pack still holds ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function pack(): Promise<PackedLibrary> {
  for (const built of ['dist/node.js', 'dist/browser.js', 'dist/types/node.d.ts']) {
    if (!existsSync(join(libDir, built)))
      throw new Error(`web/lib/${built} is missing: build the package first (bash scripts/build.sh lib)`);
  }
  const destination = mkdtempSync(join(tmpdir(), 'privsynth-pack-'));
  try {
    const { stdout } = await withPackLock(() =>
      runCommand('npm', ['pack', '--json', '--pack-destination', destination], libDir),
    );
    // Lifecycle scripts may print before the JSON array.
    const [entry] = JSON.parse(stdout.slice(Math.max(0, stdout.search(/^\[/m)))) as Array<{
      filename: string;
      version: string;
      size: number;
      unpackedSize: number;
    }>;
    const tarball = join(destination, entry.filename);
    // The list of the tarball itself, not npm's account of it.
    const listing = await runCommand('tar', ['-tzf', tarball], destination);
    const files = listing.stdout
      .split('\n')
      .filter((line) => line && !line.endsWith('/'))
      .map((line) => line.replace(/^package\//, ''))
      .sort();
    const problems = packProblems(files);
    if (problems.length > 0)
      throw new Error(`the packed package is wrong:\n  ${problems.join('\n  ')}\nfiles:\n  ${files.join('\n  ')}`);
    return { tarball, version: entry.version, files, size: entry.size, unpackedSize: entry.unpackedSize };
  } catch (error) {
    rmSync(destination, { recursive: true, force: true });
    throw error;
  }
}

const CACHE = Symbol.for('privsynth.tests.consumers.packedLibrary');

const store = globalThis as typeof globalThis & { [CACHE]?: Promise<PackedLibrary> };

/** The packed library, made once per test process and shared by its tests. */
export function packLibrary(): Promise<PackedLibrary> {
  store[CACHE] ??= pack();
  return store[CACHE];
}

/** Deletes the tarball's folder (call it in afterAll; a later packLibrary() packs again). */
export async function releasePackedLibrary(): Promise<void> {
  const packed = store[CACHE];
  store[CACHE] = undefined;
  const tarball = await packed?.then(
    (library) => library.tarball,
    () => undefined,
  );
  if (tarball) rmSync(dirname(tarball), { recursive: true, force: true });
}

/** "2.5 s" since a performance.now() reading. */
export const secondsSince = (start: number): string => `${((performance.now() - start) / 1000).toFixed(1)} s`;

/** "932.6 kB" */
export const kilobytes = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
