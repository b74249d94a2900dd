// `privsynth synth`: read the inputs, run synthesize() in a worker with progress on stderr, then
// write the CSV, the receipt and the report all at once, or nothing.
import { createReadStream, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';

import { fileFormatOf, PrivsynthError } from '../node.js';
import type { SynthesisResult } from '../node.js';
import { aboutFile, EXIT, FileError } from './failure.js';
import { checkInputFile, readInputText } from './files.js';
import { chooseEngine } from './engine.js';
import { exitOnInterrupt } from './interrupt.js';
import { checkDestinations, PendingOutputs, STDOUT, type OutputFile } from './output.js';
import { progressDisplay } from './progress.js';
import { synthesizeInWorker, type WorkerRequest } from './runner.js';
import { emptyTableWarning, notPrivateWarning, summaryParagraph } from './summary.js';
import { readSynthRequest, type SynthRequest } from './synth-options.js';

/** Library errors about an input get its path in front of the message. */
const INPUT_OF_CODE: Record<string, 'dataPath' | 'schemaPath'> = {
  INVALID_CSV: 'dataPath',
  EMPTY_DATA: 'dataPath',
  INVALID_DATA: 'dataPath',
  INVALID_SCHEMA: 'schemaPath',
};

function withInputPath(error: unknown, request: SynthRequest): unknown {
  const input = error instanceof PrivsynthError ? INPUT_OF_CODE[error.code] : undefined;
  const path = input ? request[input] : undefined;
  return path ? aboutFile(error, path) : error;
}

/** A table beyond the row engine's limits: the way out is DuckDB, chosen by the flag (never by the file's size). */
function withEngineHint(error: unknown, engine: 'rows' | 'duckdb' | undefined): unknown {
  if (engine !== 'rows' || !(error instanceof PrivsynthError) || error.code !== 'DOMAIN_TOO_LARGE') return error;
  error.message +=
    '. A larger table can be counted out of core by DuckDB: add --engine duckdb (with adaptive-marginals, ' +
    'marginal-lp or reduced-space-lp, and no --target)';
  return error;
}

/** `streamedTo`: the temporary file the engine streamed the CSV to (DuckDB), else the CSV is in the result. */
function outputFiles(result: SynthesisResult, request: SynthRequest, streamedTo: string | undefined): OutputFile[] {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const csv = streamedTo === undefined ? { text: result.csv } : { writtenTo: streamedTo };
  return [
    request.out === STDOUT ? undefined : { path: request.out, ...csv },
    request.receipt === undefined ? undefined : { path: request.receipt, text: json(result.receipt) },
    request.report === undefined ? undefined : { path: request.report, text: json(result.report) },
    request.centres === undefined || !result.weightedCentres
      ? undefined
      : { path: request.centres, text: `${result.weightedCentres.csv}\n` },
    request.dpModel === undefined || !result.directModels
      ? undefined
      : { path: request.dpModel, text: json(result.directModels) },
    request.schemaOut === undefined || !result.discoveredSchema
      ? undefined
      : { path: request.schemaOut, text: json(result.discoveredSchema) },
  ].filter((file): file is OutputFile => file !== undefined);
}

function writeToStdout(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // A reader that goes away (`| head`) makes both the callback and an 'error' event fail with EPIPE.
    const fail = (error: Error) =>
      reject(new FileError(`standard output was closed before the whole CSV was written (${error.message})`));
    process.stdout.once('error', fail);
    process.stdout.write(text, (error) => (error ? fail(error) : resolve()));
  });
}

/** A streamed CSV to standard output, then its temporary file removed. */
async function copyToStdout(path: string): Promise<void> {
  try {
    await pipeline(createReadStream(path), process.stdout, { end: false });
  } catch (error) {
    throw new FileError(`standard output was closed before the whole CSV was written (${(error as Error).message})`);
  } finally {
    rmSync(path, { force: true });
  }
}

export async function synthCommand(args: string[]): Promise<number> {
  const request = readSynthRequest(args);
  const destinations = [
    { flag: '--out', path: request.out },
    { flag: '--receipt', path: request.receipt },
    { flag: '--report', path: request.report },
    { flag: '--centres', path: request.centres },
    { flag: '--dp-model', path: request.dpModel },
    { flag: '--schema-out', path: request.schemaOut },
  ].filter((output): output is { flag: string; path: string } => output.path !== undefined && output.path !== STDOUT);
  checkDestinations(
    destinations,
    [request.dataPath, request.schemaPath].filter((path): path is string => path !== undefined),
  );
  checkInputFile(request.dataPath, 'data CSV');
  const schema = request.schemaPath === undefined ? undefined : readInputText(request.schemaPath, 'schema');

  const started = performance.now();
  const cancel = new AbortController();
  const pending = new PendingOutputs();
  const progress = progressDisplay(process.stderr, request.quiet);
  const removeHandler = exitOnInterrupt((signal) => {
    cancel.abort();
    pending.discard();
    progress.finish();
    process.stderr.write(`privsynth: interrupted (${signal}); no output written\n`);
  });
  let engine: 'rows' | 'duckdb' | undefined;
  try {
    // A schema found privately is found in the rows: only a public schema lets DuckDB count the table.
    engine =
      schema === undefined || request.options.discoveryShare !== undefined
        ? 'rows'
        : await chooseEngine(request.engine, fileFormatOf(request.dataPath), schema, request.options);
    // DuckDB's releases may be of any size: their records stream to a file, not to memory.
    const csvFile =
      engine === 'duckdb'
        ? pending.reserve(request.out === STDOUT ? join(tmpdir(), 'privsynth.csv') : request.out)
        : undefined;
    const result = await synthesizeInWorker(
      { ...request.options, csvPath: request.dataPath, schema, engine, csvFile } as WorkerRequest,
      progress.update,
      cancel.signal,
    );
    progress.finish();
    pending.commit(outputFiles(result, request, request.out === STDOUT ? undefined : csvFile));
    if (request.out === STDOUT) await (csvFile === undefined ? writeToStdout(result.csv) : copyToStdout(csvFile));
    const seconds = (performance.now() - started) / 1000;
    const empty = emptyTableWarning(result);
    if (empty) process.stderr.write(`${empty}\n`);
    if (!request.quiet) process.stderr.write(`${summaryParagraph(result, request, seconds)}\n`);
    else if (!result.receipt.private) process.stderr.write(`${notPrivateWarning(result)}\n`);
    return EXIT.ok;
  } catch (error) {
    progress.finish();
    pending.discard();
    throw withInputPath(withEngineHint(error, engine), request);
  } finally {
    removeHandler();
  }
}
