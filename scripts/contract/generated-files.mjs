// What both contract generators (build-schema.mjs, generate-options.mjs) do with the files they
// make: format each as the repository's Prettier config says, then write the ones that changed,
// or, with --check, write nothing and list the stale ones.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import * as prettier from 'prettier';

/** `text` formatted for `file` (an absolute path) by the repository's Prettier config. */
export async function formatted(file, text) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

async function current(file) {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The files (absolute path -> text) that differ from what is on disk. Without `check` they are
 * written (their folders made); with it nothing is written.
 */
export async function writeStale(outputs, check) {
  const stale = [];
  for (const [file, text] of outputs) {
    if ((await current(file)) === text) continue;
    stale.push(file);
    if (check) continue;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return stale;
}
