// The synthesis run shared by the Web Worker (browsers) and the in-process path (Node): stream the
// CSV into the core chunk by chunk, run it, turn its columns back into a table and CSV text.
import { packRows, type PackedCells } from './csv.js';
import type { ReadProgress } from './csv-stream.js';
import { callCoreWith } from './core-calls.js';
import { errorFromCode } from './errors.js';
import type { DirectDpModels, DiscoveryReceipt, Schema } from './generated/contract-types.js';
import type { DiscoveredSchema, DiscoverInReleaseOptions, DiscoverSchemaOptions } from './schema-types.js';
import type {
  DataSummary,
  Phase,
  Progress,
  SummarizeDataOptions,
  SynthesisResult,
  SynthesizeOptions,
} from './types.js';
import { isParquet } from './parquet-stream.js';
import { readHintsOfSchema, readTableChunks, type TableReadHints } from './table-stream.js';
import { csvHeader, syntheticCsv, syntheticCsvLines, syntheticTable, weightedCentres } from './synthetic-table.js';
import type {
  PrivsynthWasmModule,
  WasmFailure,
  WasmRecordStream,
  WasmRowSink,
  WasmSynthesisOutput,
} from './wasm-module.js';
import { DEFAULT_DISCOVERY_SHARE, type SynthesizeFromCountsOptions } from './options-types.js';

/** Everything a run needs, as plain data (it crosses the worker boundary). */
export interface RunRequest {
  /** CSV text or a Blob/File holding CSV or Parquet; read in chunks. */
  csv: string | Blob;
  /** The public schema; with discoveryJson, found privately first (then this is ignored). */
  schemaJson: string;
  /** The core's request for a schema found privately as the release's first part, if any. */
  discoveryJson?: string;
  /** Options for the core (epsilon, mechanism, degree, ...), without the JS-only keys. */
  coreOptions: Record<string, unknown>;
}

/** Returns false to cancel. */
export type ProgressReporter = (progress: Progress) => boolean;

const JS_ONLY_KEYS = new Set([
  'csv',
  'counts',
  'schema',
  'query',
  'onProgress',
  'signal',
  'discoveryShare',
  'discoveryBins',
  'privacyUnit',
  'perPerson',
]);

/** The options the core reads: everything except the input and the callbacks. */
export function coreOptionsOf(options: Record<string, unknown>): Record<string, unknown> {
  const core: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options)) {
    if (!JS_ONLY_KEYS.has(key) && value !== undefined) core[key] = value;
  }
  return core;
}

export function schemaJsonOf(schema: Schema | string): string {
  if (typeof schema === 'string') return schema;
  if (schema === null || typeof schema !== 'object') {
    throw errorFromCode('INVALID_ARGUMENT', '"schema" must be a schema object or its JSON text');
  }
  return JSON.stringify(schema);
}

/** Checks that `call`'s argument is an object whose "csv" is CSV text or a File/Blob. */
function checkCsvOptions(options: { csv: unknown } | null, call: string): void {
  if (options === null || typeof options !== 'object') {
    throw errorFromCode('INVALID_ARGUMENT', `${call} needs an options object`);
  }
  const isBlob = typeof Blob !== 'undefined' && options.csv instanceof Blob;
  if (typeof options.csv !== 'string' && !isBlob) {
    throw errorFromCode('INVALID_ARGUMENT', '"csv" must be CSV text or a File/Blob');
  }
}

/** Checks synthesize()'s argument and splits it into the input and the core's options. */
export function splitOptions(options: SynthesizeOptions): RunRequest {
  checkCsvOptions(options, 'synthesize()');
  const coreOptions = coreOptionsOf(options as unknown as Record<string, unknown>);
  const discover = options.schema === undefined || options.discoveryShare !== undefined;
  if (options.schema !== undefined && (options.privacyUnit !== undefined || options.perPerson !== undefined)) {
    throw errorFromCode(
      'INVALID_ARGUMENT',
      'with a schema, name the column that identifies a person as its "privacyUnit" (and mark its "perPerson" columns there); the options privacyUnit and perPerson are for a run without a schema',
    );
  }
  checkPersonOptions(options);
  if (options.privacyUnit !== undefined && options.mechanism === 'sampler') {
    // The core refuses it too, but only after the schema's discovery, whose own budget check would speak first.
    throw errorFromCode(
      'INVALID_ARGUMENT',
      'the "sampler" mechanism protects one row among a public number of rows (replace-one neighbours); with a ' +
        'privacy unit a person\'s rows come and go together, so it cannot protect a person: choose "auto" or another mechanism',
    );
  }
  if (!discover) return { csv: options.csv, schemaJson: schemaJsonOf(options.schema!), coreOptions };
  return { csv: options.csv, schemaJson: '', coreOptions, discoveryJson: discoveryInReleaseOf(options) };
}

/**
 * privacyUnit and perPerson, as synthesize() and discoverSchema() take them: a column name, and
 * names of other columns that only go with it. The core checks them against the CSV's header.
 */
function checkPersonOptions(options: { privacyUnit?: unknown; perPerson?: unknown }): void {
  const { privacyUnit, perPerson } = options;
  if (privacyUnit !== undefined && (typeof privacyUnit !== 'string' || privacyUnit === '')) {
    throw errorFromCode('INVALID_ARGUMENT', '"privacyUnit" must name the column that identifies a person');
  }
  if (perPerson === undefined) return;
  if (privacyUnit === undefined) {
    throw errorFromCode(
      'INVALID_ARGUMENT',
      '"perPerson" needs "privacyUnit": the column that identifies a person, whose rows share these values',
    );
  }
  if (!Array.isArray(perPerson) || perPerson.some((name) => typeof name !== 'string' || name === '')) {
    throw errorFromCode(
      'INVALID_ARGUMENT',
      '"perPerson" must be a list of column names, such as ["sex", "birth_year"]',
    );
  }
  if (perPerson.includes(privacyUnit)) {
    throw errorFromCode(
      'INVALID_ARGUMENT',
      `"perPerson" names "${privacyUnit as string}", the privacyUnit itself: list the columns that hold one value per person`,
    );
  }
}

/**
 * The core's request for a schema found privately as the first part of the release
 * (docs/privacy/domain-discovery.md, "One release, no schema"): the release's epsilon and delta,
 * the discovery's share, and the columns a partial schema gives.
 */
function discoveryInReleaseOf(options: SynthesizeOptions): string {
  const given = options.schema === undefined ? undefined : (JSON.parse(schemaJsonOf(options.schema)) as unknown);
  const toFind = options.columns?.filter((name) => !describes(given, name));
  if (toFind?.length === 0) {
    throw errorFromCode(
      'INVALID_ARGUMENT',
      'the schema already describes every column to synthesize: there is nothing to find; leave out discoveryShare',
    );
  }
  return JSON.stringify({
    epsilon: options.epsilon,
    // The release's delta: the core's default (the zCDP mechanisms') unless the options give one.
    delta: (options as { delta?: number }).delta,
    share: options.discoveryShare ?? DEFAULT_DISCOVERY_SHARE,
    ...(options.discoveryBins === undefined ? {} : { bins: options.discoveryBins }),
    ...(options.testSeed === undefined ? {} : { testSeed: options.testSeed }),
    ...(options.privacyUnit === undefined ? {} : { privacyUnit: options.privacyUnit }),
    ...(options.perPerson === undefined ? {} : { perPerson: options.perPerson }),
    ...(given === undefined ? {} : { schema: given }),
    // Only the columns the run synthesizes are found: the others are not read and cost nothing.
    ...(toFind === undefined ? {} : { columns: toFind }),
  });
}

/** Whether a partial schema describes the column `name` (then it is used as given, not found). */
function describes(schema: unknown, name: string): boolean {
  const columns = (schema as { columns?: Array<{ name?: unknown }> } | undefined)?.columns ?? [];
  return columns.some((column) => column.name === name);
}

/** The module's result, or its failure thrown as the library's error of that code. */
function check<T extends { ok: true }>(result: T | WasmFailure): T {
  if (!result.ok) throw errorFromCode(result.code, result.message);
  return result;
}

export function checkSchema(module: PrivsynthWasmModule, schemaJson: string): Schema {
  return callCoreWith(module, 'validateSchema', [schemaJson]);
}

/** discoverSchema()'s argument as the core takes it (it crosses the worker boundary). */
export interface DiscoveryRequest {
  csv: string | Blob;
  /** The core's discovery request: everything but the CSV. */
  requestJson: string;
}

export function discoveryRequestOf(options: DiscoverSchemaOptions | DiscoverInReleaseOptions): DiscoveryRequest {
  checkCsvOptions(options, 'discoverSchema()');
  checkPersonOptions(options);
  // The columns form marks only the columns it describes: a name it leaves out would be dropped unsaid.
  const described = 'columns' in options && Array.isArray(options.columns) ? (options.columns as unknown[]) : undefined;
  const nameOf = (column: unknown) =>
    typeof column === 'string' ? column : (column as { name?: unknown } | null)?.name;
  const undescribed = described && options.perPerson?.filter((name) => !described.some((c) => nameOf(c) === name));
  if (undescribed?.length) {
    throw errorFromCode(
      'INVALID_ARGUMENT',
      `"perPerson" names ${undescribed.map((name) => `"${name}"`).join(', ')}, which "columns" does not describe`,
    );
  }
  const { csv, ...request } = options;
  return { csv, requestJson: JSON.stringify(request) };
}

/**
 * Streams the table (CSV or Parquet, table-stream.ts) into a core session opened (by `open`) once
 * its header is known. The session is freed here if anything fails; on success the caller owns it.
 */
async function feedRows<S extends WasmRowSink>(
  csv: string | Blob,
  hints: TableReadHints,
  open: (header: string[]) => S,
  onRead?: ReadProgress,
): Promise<S> {
  let session: S | undefined;
  try {
    await readTableChunks(
      csv,
      {
        header: (names) => {
          session = open(names);
        },
        rows: (chunk) => {
          check(session!.addRows(chunk.bytes, chunk.offsets, chunk.rowCount, chunk.columnCount));
        },
      },
      onRead,
      hints,
    );
    return session!;
  } catch (error) {
    session?.delete();
    throw error;
  }
}

/** The whole table packed at once (header first), read in chunks: for discovery, which needs the raw cells. */
async function packWholeTable(csv: string | Blob, hints: TableReadHints): Promise<PackedCells> {
  let header: string[] = [];
  const chunks: PackedCells[] = [];
  await readTableChunks(
    csv,
    { header: (names) => (header = names), rows: (chunk) => chunks.push(chunk) },
    undefined,
    hints,
  );
  const first = packRows([header], header.length);
  const parts = [first, ...chunks];
  const byteCount = parts.reduce((sum, part) => sum + part.bytes.length, 0);
  const cellCount = parts.reduce((sum, part) => sum + part.rowCount * part.columnCount, 0);
  if (byteCount > 0xffffffff) throw errorFromCode('DOMAIN_TOO_LARGE', 'the table is larger than 4 GiB');
  const bytes = new Uint8Array(byteCount);
  const offsets = new Uint32Array(cellCount + 1);
  let usedBytes = 0;
  let usedCells = 0;
  for (const part of parts) {
    bytes.set(part.bytes, usedBytes);
    const cells = part.rowCount * part.columnCount;
    for (let i = 1; i <= cells; ++i) offsets[usedCells + i] = usedBytes + part.offsets[i];
    usedBytes += part.bytes.length;
    usedCells += cells;
  }
  return { bytes, offsets, rowCount: cellCount / header.length, columnCount: header.length };
}

export async function discoverWith(
  module: PrivsynthWasmModule,
  csv: string | Blob,
  requestJson: string,
): Promise<DiscoveredSchema> {
  const packed = await packWholeTable(csv, readHintsOfSchema(requestJson));
  const found = check(
    module.discoverSchema(requestJson, packed.bytes, packed.offsets, packed.rowCount, packed.columnCount),
  );
  return {
    schema: JSON.parse(found.schemaJson) as Schema,
    receipt: JSON.parse(found.receiptJson) as DiscoveryReceipt,
  };
}

/** summarizeData()'s argument as the core takes it (it crosses the worker boundary). */
export interface SummaryRequest {
  csv: string | Blob;
  schemaJson: string;
  /** The out-of-domain policy. */
  policy: string;
}

export function summaryRequestOf(options: SummarizeDataOptions): SummaryRequest {
  checkCsvOptions(options, 'summarizeData()');
  return { csv: options.csv, schemaJson: schemaJsonOf(options.schema), policy: options.outOfDomain ?? 'clamp' };
}

export async function summarizeWith(
  module: PrivsynthWasmModule,
  csv: string | Blob,
  schemaJson: string,
  policy: string,
): Promise<DataSummary> {
  const session = await feedRows(
    csv,
    readHintsOfSchema(schemaJson),
    (header) => check(module.startSummary(schemaJson, policy, header)).stream,
  );
  try {
    return JSON.parse(session.finish().summaryJson) as DataSummary;
  } finally {
    session.delete();
  }
}

/**
 * synthesizeFromCounts()'s argument as the core takes it (it crosses the worker boundary): the
 * schema, the tables and the options, as JSON.
 */
export interface CountsRequest {
  schemaJson: string;
  countsJson: string;
  coreOptions: Record<string, unknown>;
}

export function countsRequestOf(options: SynthesizeFromCountsOptions): CountsRequest {
  if (options === null || typeof options !== 'object') {
    throw errorFromCode('INVALID_ARGUMENT', 'synthesizeFromCounts() needs an options object');
  }
  const { counts } = options;
  if (typeof counts !== 'string' && (counts === null || typeof counts !== 'object')) {
    throw errorFromCode('INVALID_ARGUMENT', '"counts" must be count tables {"tables": [...]} or their JSON text');
  }
  return {
    schemaJson: schemaJsonOf(options.schema),
    countsJson: typeof counts === 'string' ? counts : JSON.stringify(counts),
    coreOptions: coreOptionsOf(options as unknown as Record<string, unknown>),
  };
}

/**
 * A release from count tables: the core's run, then the table and its CSV as synthesize() returns
 * them. With `write`, the records are streamed instead (writeRecords()); the result then has no
 * `csv` text and no `table`.
 */
export function runFromCounts(
  module: PrivsynthWasmModule,
  request: CountsRequest,
  report: ProgressReporter,
  write?: (text: string) => void,
): SynthesisResult {
  const schema = checkSchema(module, request.schemaJson);
  const output = check(
    module.synthesizeFromCounts(
      request.schemaJson,
      request.countsJson,
      JSON.stringify(request.coreOptions),
      (phase, fraction, detail) => {
        try {
          return report({ phase: phase as Phase, fraction, detail });
        } catch {
          return false; // an exception must never unwind through WebAssembly frames
        }
      },
      write !== undefined,
    ),
  );
  if (!write || !output.records) return resultOf(schema, output, report, chosenColumns(request.coreOptions));
  try {
    return {
      csv: '',
      rows: output.rows,
      columns: writeRecords(schema, output.records, output.rows, report, write, chosenColumns(request.coreOptions)),
      table: [],
      receipt: JSON.parse(output.receiptJson),
      report: JSON.parse(output.reportJson),
    };
  } finally {
    output.records.delete();
  }
}

/**
 * A streamed release's records drawn and decoded RECORDS_PER_WRITE at a time and handed to `write`
 * as CSV text (the header first, "\n" between rows, none after the last), so memory does not grow
 * with their number. Returns the columns' names.
 */
function writeRecords(
  schema: Schema,
  records: WasmRecordStream,
  total: number,
  report: ProgressReporter,
  write: (text: string) => void,
  chosen: string[] | undefined,
): string[] {
  let names: string[] | undefined;
  let written = 0;
  do {
    const next = check(records.next(RECORDS_PER_WRITE));
    const first = next.columns[0];
    const rows = !first ? 0 : first.kind === 'categorical' ? first.categories.length : first.numbers.length;
    const chunk = syntheticTable(schema, next.columns, { chosen, firstRow: written, rows });
    if (names === undefined) {
      names = chunk.map((column) => column.name);
      write(csvHeader(names));
    }
    if (rows > 0) write(`\n${syntheticCsvLines(schema, chunk, rows)}`);
    written += rows;
    const detail = `${written.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} records written`;
    if (!report({ phase: 'write', fraction: total === 0 ? 1 : written / total, detail })) {
      throw errorFromCode('CANCELLED', 'cancelled while writing the records');
    }
  } while (records.remaining() > 0);
  return names ?? [];
}

/** Records drawn, decoded and written per chunk of a streamed release: about 40 MB for 20 columns. */
const RECORDS_PER_WRITE = 262_144;

export async function runSynthesis(
  module: PrivsynthWasmModule,
  request: RunRequest,
  report: ProgressReporter,
): Promise<SynthesisResult> {
  const step = (phase: Phase, fraction: number, detail = '') => {
    if (!report({ phase, fraction, detail })) throw errorFromCode('CANCELLED', `cancelled while in phase "${phase}"`);
  };
  let discovered: DiscoveredSchema | undefined;
  if (request.discoveryJson) {
    step('discover', 0, 'finding the schema privately');
    discovered = await discoverWith(module, request.csv, request.discoveryJson);
    step('discover', 1);
    request = { ...request, schemaJson: JSON.stringify(discovered.schema), discoveryJson: undefined };
  }
  const schema = checkSchema(module, request.schemaJson);
  // Where the data come from, for the receipt: the library states it from the input's format.
  const inputSource = typeof request.csv !== 'string' && (await isParquet(request.csv)) ? 'parquet' : 'csv';
  const optionsJson = JSON.stringify({ ...request.coreOptions, inputSource });
  step('parse', 0);
  // Options and schema are checked when the header arrives, before any row is read.
  const session = await feedRows(
    request.csv,
    readHintsOfSchema(request.schemaJson),
    (header) => check(module.startSynthesis(request.schemaJson, optionsJson, header)).stream,
    (fraction, rows) => step('parse', fraction, `${rows.toLocaleString('en-US')} rows read and encoded`),
  );
  let output;
  try {
    output = check(
      session.finish((phase, fraction, detail) => {
        try {
          return report({ phase: phase as Phase, fraction, detail });
        } catch {
          return false; // an exception must never unwind through WebAssembly frames
        }
      }),
    );
  } finally {
    session.delete();
  }
  const result = resultOf(schema, output, report, chosenColumns(request.coreOptions));
  if (!discovered) return result;
  // One release, one receipt: the discovery's own (its ledger and what it found per column) inside the run's.
  return {
    ...result,
    discoveredSchema: discovered.schema,
    receipt: { ...result.receipt, schemaDiscovery: discovered.receipt },
  };
}

/** The run's "columns" option: the output's columns in order ("id" and "text" ones included), if given. */
function chosenColumns(options: Record<string, unknown>): string[] | undefined {
  return Array.isArray(options.columns) && options.columns.length > 0 ? (options.columns as string[]) : undefined;
}

/** The core's outputs as the library returns them: the table, its CSV, the receipt and the report. */
function resultOf(
  schema: Schema,
  output: WasmSynthesisOutput,
  report: ProgressReporter,
  chosen: string[] | undefined,
): SynthesisResult {
  const step = (phase: Phase, fraction: number) => {
    if (!report({ phase, fraction, detail: '' }))
      throw errorFromCode('CANCELLED', `cancelled while in phase "${phase}"`);
  };
  step('write', 0);
  const table = syntheticTable(schema, output.columns, { chosen, firstRow: 0, rows: output.rows });
  const csv = syntheticCsv(schema, table, output.rows);
  step('write', 1);
  return {
    csv,
    rows: output.rows,
    columns: table.map((column) => column.name),
    table,
    receipt: JSON.parse(output.receiptJson),
    report: JSON.parse(output.reportJson),
    ...(output.directModelsJson ? { directModels: JSON.parse(output.directModelsJson) as DirectDpModels } : {}),
    ...(output.weightedCentres ? { weightedCentres: weightedCentres(schema, output.weightedCentres) } : {}),
  };
}
