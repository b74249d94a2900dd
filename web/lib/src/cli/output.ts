// All-or-nothing outputs: each file is written to a temporary file next to its destination and
// renamed into place only when every output is ready. Until then no destination is touched, so a
// failed or interrupted run leaves no output and keeps any file that was there before.
import { randomBytes } from 'node:crypto';
import { renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

import { describeFsError } from './files.js';
import { FileError, UsageError } from './failure.js';

/** A file to write, or one written already to a temporary path that reserve() gave. */
export type OutputFile = { path: string; text: string } | { path: string; writtenTo: string };

/** "-" stands for standard output (the synthetic CSV only). */
export const STDOUT = '-';

/**
 * Checks the destinations before the (possibly long) run: distinct, not an input, not a directory,
 * and in a directory that exists. Each output names its flag for the messages.
 */
export function checkDestinations(outputs: Array<{ flag: string; path: string }>, inputs: string[]): void {
  const seen = new Map<string, string>();
  for (const { flag, path } of outputs) {
    const absolute = resolve(path);
    const earlier = seen.get(absolute);
    if (earlier) throw new UsageError(`${earlier} and ${flag} name the same file "${path}"`);
    if (inputs.some((input) => resolve(input) === absolute))
      throw new UsageError(`${flag} "${path}" would overwrite an input`);
    seen.set(absolute, flag);
    const directory = dirname(absolute);
    if (!isDirectory(directory))
      throw new FileError(`cannot write ${flag} "${path}": the directory ${directory} does not exist`);
    if (isDirectory(absolute)) throw new FileError(`cannot write ${flag} "${path}": it is a directory`);
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function temporaryPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** The temporary files of a commit in progress; discard() removes them (on a signal, say). */
export class PendingOutputs {
  private readonly temporaries = new Set<string>();

  /**
   * Writes every file to a temporary path, then renames them all into place. Synchronous, so a
   * signal handler never runs between two renames; on an error the temporaries are removed.
   */
  commit(files: OutputFile[]): void {
    let current = '';
    try {
      const renames = files.map((file) => {
        current = file.path;
        if ('writtenTo' in file) return [file.writtenTo, file.path] as const;
        const temporary = this.reserve(file.path);
        writeFileSync(temporary, file.text, { flag: 'wx' });
        return [temporary, file.path] as const;
      });
      for (const [temporary, path] of renames) {
        current = path;
        renameSync(temporary, path);
        this.temporaries.delete(temporary);
      }
    } catch (error) {
      this.discard();
      throw new FileError(`cannot write "${current}": ${describeFsError(error)}`);
    }
  }

  /** A temporary path next to `path`, removed by discard() unless commit() renames it into place. */
  reserve(path: string): string {
    const temporary = temporaryPathFor(path);
    this.temporaries.add(temporary);
    return temporary;
  }

  discard(): void {
    for (const temporary of this.temporaries) {
      try {
        unlinkSync(temporary);
      } catch {
        // already gone
      }
    }
    this.temporaries.clear();
  }
}
