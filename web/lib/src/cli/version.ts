// `privsynth --version`: the package's version (its package.json, next to dist/) and the core's.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { coreVersion } from '../node.js';
import { EXIT } from './failure.js';

function packageVersion(): string {
  // The bundle is dist/cli.js; the package's manifest is one level up.
  const manifest = join(dirname(fileURLToPath(import.meta.url)), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export async function versionCommand(): Promise<number> {
  process.stdout.write(`privsynth ${packageVersion()} (core ${await coreVersion()})\n`);
  return EXIT.ok;
}
