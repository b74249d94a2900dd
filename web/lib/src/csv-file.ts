// A CSV written to a file as it is produced (a streamed release, node.ts): into a temporary file
// next to the destination, renamed into place only when the whole run succeeded, removed otherwise,
// so a failed run leaves no partial file and keeps any file that was there.
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

import { errorFromCode } from './errors.js';

export async function writingCsvTo<T>(
  path: string,
  produce: (write: (text: string) => void) => Promise<T>,
): Promise<T> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let descriptor: number;
  try {
    descriptor = openSync(temporary, 'wx');
  } catch (error) {
    throw errorFromCode('INVALID_ARGUMENT', `cannot write the CSV to "${path}": ${(error as Error).message}`);
  }
  let done = false;
  try {
    const result = await produce((text) => {
      writeSync(descriptor, text);
    });
    closeSync(descriptor);
    renameSync(temporary, path);
    done = true;
    return result;
  } finally {
    if (!done) {
      try {
        closeSync(descriptor);
      } catch {
        // closed already
      }
      try {
        unlinkSync(temporary);
      } catch {
        // gone already
      }
    }
  }
}
