// Progress on stderr from synthesize()'s onProgress events: on a terminal one line rewritten at
// most a few times per second; in a log (stderr not a TTY) one line per phase change.
import type { Progress } from '../node.js';

/** Least time between two redraws of the terminal line. */
const REDRAW_MS = 250;

function progressLine({ phase, fraction, detail }: Progress): string {
  const percent = fraction >= 0 ? ` ${Math.round(fraction * 100)}%` : '';
  return `[${phase}]${percent}${detail ? `  ${detail}` : ''}`;
}

export interface ProgressDisplay {
  update: (progress: Progress) => void;
  /** Clears the terminal line before other output. */
  finish(): void;
}

export function progressDisplay(stream: NodeJS.WriteStream, quiet: boolean): ProgressDisplay {
  if (quiet) return { update: () => undefined, finish: () => undefined };
  let phase = '';
  if (!stream.isTTY) {
    return {
      update: (progress) => {
        if (progress.phase === phase) return;
        phase = progress.phase;
        stream.write(`${progressLine(progress)}\n`);
      },
      finish: () => undefined,
    };
  }
  let drawnAt = 0;
  let drawn = false;
  return {
    update: (progress) => {
      const now = Date.now();
      if (progress.phase === phase && now - drawnAt < REDRAW_MS) return;
      phase = progress.phase;
      drawnAt = now;
      drawn = true;
      const width = Math.max((stream.columns || 80) - 1, 20);
      stream.write(`\r\x1b[K${progressLine(progress).slice(0, width)}`);
    },
    finish: () => {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}
