// Reading the input files, with errors that name the path and say what it was for.
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';

import { FileError } from './failure.js';

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
};

export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return (code && REASONS[code]) ?? (error as Error).message;
}

/** The text of an input file; `what` says what it is ("data CSV", "schema"). */
export function readInputText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new FileError(`cannot read the ${what} "${path}": ${describeFsError(error)}`);
  }
}

/** Checks that an input file can be opened for reading (it is read later, in chunks, by the worker). */
export function checkInputFile(path: string, what: string): void {
  try {
    const descriptor = openSync(path, 'r');
    try {
      if (fstatSync(descriptor).isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    throw new FileError(`cannot read the ${what} "${path}": ${describeFsError(error)}`);
  }
}
