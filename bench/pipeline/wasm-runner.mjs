// One workload through the built npm package (wasm under Node), in a fresh process so that V8
// starts cold like a browser tab. Runs it `repeat` times and prints one JSON line per run with the
// time of each phase, measured from progress events.
// Usage: node bench/pipeline/wasm-runner.mjs <schema.json> <data.csv> <options-json> [repeat] [synthetic.csv]
// (the last run's synthetic CSV is written to the optional path)
import { readFileSync, writeFileSync } from 'node:fs';

import { synthesize } from 'privsynth';

const [schemaPath, csvPath, optionsJson, repeat = '1', syntheticPath] = process.argv.slice(2);
const schema = readFileSync(schemaPath, 'utf8');
const csv = readFileSync(csvPath, 'utf8');
const options = JSON.parse(optionsJson);

for (let run = 0; run < Number(repeat); ++run) {
  const seconds = {};
  let current = '';
  let phaseStart = performance.now();
  const start = phaseStart;
  const onProgress = ({ phase }) => {
    if (phase === current) return;
    const now = performance.now();
    if (current) seconds[current] = (seconds[current] ?? 0) + (now - phaseStart) / 1000;
    current = phase;
    phaseStart = now;
  };
  try {
    const result = await synthesize({ csv, schema, ...options, onProgress });
    seconds[current] = (seconds[current] ?? 0) + (performance.now() - phaseStart) / 1000;
    if (syntheticPath) writeFileSync(syntheticPath, result.csv);
    console.log(
      JSON.stringify({
        platform: 'wasm',
        run,
        phaseSeconds: seconds,
        totalSeconds: (performance.now() - start) / 1000,
        parameters: result.receipt.parameters,
        released: result.receipt.released,
        meanTwoWayTV: result.report.marginals?.meanTwoWayTV,
        worstTwoWayTV: Math.max(0, ...(result.report.marginals?.twoWay ?? []).map((d) => d.tv)),
        meanThreeWaySampleTV: result.report.marginals?.meanThreeWaySampleTV,
        meanOneWayTV: result.report.marginals?.meanOneWayTV,
        ml: result.report.ml,
      }),
    );
  } catch (error) {
    console.log(JSON.stringify({ platform: 'wasm', run, error: error.code ?? 'INTERNAL', message: error.message }));
  }
}
