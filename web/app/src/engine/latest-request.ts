// "The latest request wins": a view asks the engine again whenever its inputs change, and only the
// answer to its latest question may reach the screen. An earlier request still waiting in the
// engine's queue (engine-queue.ts) is skipped; one already running is answered, then dropped.
import { queueEngineCall } from './engine-queue';

/** What `LatestRequest.ask` resolves to when a later request (or `drop`) superseded it. */
export const SUPERSEDED: unique symbol = Symbol('superseded');

export class LatestRequest {
  private latest = 0;

  /** Supersedes every request on its way: their answers, and their failures, are dropped. */
  drop(): void {
    this.latest += 1;
  }

  /**
   * Starts a new request and returns a check of whether it is still the latest (for work done
   * before `ask`, e.g. a debounce).
   */
  begin(): () => boolean {
    const mine = ++this.latest;
    return () => mine === this.latest;
  }

  /**
   * Runs `call` on the engine's queue, after the calls queued before it, unless a later request came
   * first. Resolves to its answer, or to SUPERSEDED; rejects with its failure only while it is the
   * latest. `isLatest` continues a request begun with `begin()`.
   */
  async ask<T>(call: () => Promise<T>, isLatest: () => boolean = this.begin()): Promise<T | typeof SUPERSEDED> {
    try {
      const answer = await queueEngineCall<T | typeof SUPERSEDED>(() =>
        isLatest() ? call() : Promise.resolve(SUPERSEDED),
      );
      return isLatest() ? answer : SUPERSEDED;
    } catch (error) {
      if (!isLatest()) return SUPERSEDED;
      throw error;
    }
  }
}
