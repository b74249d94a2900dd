// One synthesis for the benchmarks: natively (build/native/bench/privsynth_bench_native, one JSON
// line) or through the npm package's wasm under Node in a fresh process (bench/pipeline/wasm-runner.mjs, one
// JSON line per repetition). `data` is { schema, csv } (paths).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const nativeBinary = `${root}build/native/bench/privsynth_bench_native`;

/** The native run's JSON line, or {error, message} when the run failed. */
export function runNative(data, options) {
  try {
    return JSON.parse(
      execFileSync(nativeBinary, [data.schema, data.csv, JSON.stringify(options)], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      }),
    );
  } catch (error) {
    return JSON.parse(error.stdout || '{"error":"CRASH"}');
  }
}

/**
 * `repeat` wasm runs in one fresh Node process (the first cold, the others warm); the last run's
 * synthetic CSV goes to `syntheticPath` when given.
 */
export function runWasm(data, options, repeat = 1, syntheticPath = undefined) {
  const output = execFileSync(
    process.execPath,
    [
      `${root}bench/pipeline/wasm-runner.mjs`,
      data.schema,
      data.csv,
      JSON.stringify(options),
      String(repeat),
      ...(syntheticPath ? [syntheticPath] : []),
    ],
    { encoding: 'utf8', cwd: root, maxBuffer: 1 << 26 },
  );
  return output
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}
