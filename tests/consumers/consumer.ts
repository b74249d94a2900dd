// A consumer project in a fresh temp folder: its own package.json ("type": "module"), the given
// files, and the packed privsynth installed from its tarball the way a user would install it.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterAll, beforeAll } from 'vitest';

import {
  kilobytes,
  packLibrary,
  releasePackedLibrary,
  repoRoot,
  runCommand,
  secondsSince,
  type PackedLibrary,
} from './pack';

export interface Consumer {
  dir: string;
  packed: PackedLibrary;
  /** Deletes the folder. */
  remove(): void;
}

export async function createConsumer(name: string, files: Record<string, string>): Promise<Consumer> {
  const packed = await packLibrary();
  const dir = realpathSync(mkdtempSync(join(tmpdir(), `privsynth-consumer-${name}-`)));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const manifest = { name: `privsynth-consumer-${name}`, version: '0.0.0', private: true, type: 'module' };
    for (const [path, text] of Object.entries({ 'package.json': JSON.stringify(manifest, null, 2), ...files })) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    // papaparse, the only dependency, comes from npm's cache.
    await runCommand(
      'npm',
      ['install', packed.tarball, '--no-audit', '--no-fund', '--prefer-offline', '--no-package-lock'],
      dir,
      120_000,
    );
    return { dir, packed, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * The consumer project of a test file: packed and installed before its tests, deleted (with the
 * tarball) after them. Returns an accessor for the tests.
 */
export function useConsumer(name: string, files: () => Record<string, string>): () => Consumer {
  let consumer: Consumer | undefined;
  beforeAll(async () => {
    let start = performance.now();
    const { size, unpackedSize } = await packLibrary();
    console.log(`npm pack: ${secondsSince(start)} (${kilobytes(size)} packed, ${kilobytes(unpackedSize)} unpacked)`);
    start = performance.now();
    consumer = await createConsumer(name, files());
    console.log(`npm install <tarball> in ${consumer.dir}: ${secondsSince(start)}`);
  }, 180_000);
  afterAll(async () => {
    consumer?.remove();
    await releasePackedLibrary();
  });
  return () => {
    if (!consumer) throw new Error(`the ${name} consumer project was not set up`);
    return consumer;
  };
}

/** The columns the consumers synthesize (a few of Adult's, quick on a small table). */
export const SAMPLE_COLUMNS = ['age', 'workclass', 'sex', 'race', 'income'];

/** The first `rows` records of data/adult/adult.csv (all columns) and the public Adult schema. */
export function adultSample(rows = 200): { csv: string; schemaText: string } {
  const lines = readFileSync(join(repoRoot, 'data/adult/adult.csv'), 'utf8').split('\n', rows + 1);
  return {
    csv: `${lines.join('\n')}\n`,
    schemaText: readFileSync(join(repoRoot, 'data/adult/adult.schema.json'), 'utf8'),
  };
}
