// How the CLI fails: the exit codes, the two kinds of error that are the command line's own (usage
// and files), and the one line printed for each failure.
import { errorFromCode, PrivsynthError } from '../node.js';

export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

/** A bad command line (unknown flag, missing argument, malformed number): exit 2. */
export class UsageError extends Error {}

/** A file that cannot be read or written: exit 1, like the library's errors. */
export class FileError extends Error {}

function commandName(command: string | undefined): string {
  return command ? `privsynth ${command}` : 'privsynth';
}

/** Prints the failure on stderr and returns the exit code. */
export function reportFailure(error: unknown, command?: string): number {
  if (error instanceof UsageError) {
    const name = commandName(command);
    process.stderr.write(`${name}: ${error.message}\nRun "${name} --help" for usage.\n`);
    return EXIT.usage;
  }
  if (error instanceof PrivsynthError) {
    process.stderr.write(`error [${error.code}]: ${error.message}\n`);
    return error.code === 'CANCELLED' ? EXIT.interrupted : EXIT.failed;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`error: ${message}\n`);
  return EXIT.failed;
}

/** A library error about an input file, with the file's path in front of its message. */
export function aboutFile(error: unknown, path: string): unknown {
  return error instanceof PrivsynthError ? errorFromCode(error.code, `${path}: ${error.message}`) : error;
}
