// The engine's calls, one at a time on its one warm worker: the library starts a second worker for
// a call made while another one runs (a blob: fetch and a cold start of the WebAssembly). The
// planner and the data summary queue their calls here, and a run waits until the queue is empty.
let tail: Promise<unknown> = Promise.resolve();

/** Runs `task` once every call queued before it has settled. */
export function queueEngineCall<T>(task: () => Promise<T>): Promise<T> {
  const result = tail.then(task, task);
  tail = result.then(
    () => undefined,
    () => undefined,
  );
  return result;
}

/** Resolves once every call queued so far has settled. */
export function engineSettled(): Promise<void> {
  return tail.then(() => undefined);
}
