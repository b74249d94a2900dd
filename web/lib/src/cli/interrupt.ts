// SIGINT (Ctrl-C) and SIGTERM while a command has work to undo: the handler cleans up, then the
// process exits at once with 128 + the signal number (130 for SIGINT).
import { EXIT } from './failure.js';

const SIGNALS = { SIGINT: EXIT.interrupted, SIGTERM: 143 } as const;
type HandledSignal = keyof typeof SIGNALS;

/** Installs `cleanUp` for the signals; returns the function that removes it. */
export function exitOnInterrupt(cleanUp: (signal: HandledSignal) => void): () => void {
  const handler = (signal: HandledSignal) => {
    cleanUp(signal);
    process.exit(SIGNALS[signal]);
  };
  for (const signal of Object.keys(SIGNALS) as HandledSignal[]) process.on(signal, handler);
  return () => {
    for (const signal of Object.keys(SIGNALS) as HandledSignal[]) process.off(signal, handler);
  };
}
