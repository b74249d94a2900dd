// DuckDB as the embedded engine in Node (docs/scale.md): a CSV or Parquet file of any size is read
// out of core, the run's count tables are computed by the count query (countTables() with a
// DuckDB target: the schema's encoding applied in SQL), and only those tables come back. They are
// AS SENSITIVE AS THE ROWS and never leave this process.
//
// How a file is read is decided from public inputs only (docs/privacy/README.md). A CSV's records
// are read by the library's own reader (csv-stream.ts: the delimiter from the header line, every
// line after it a record, the same refusals) and appended to a table of the DuckDB database, never
// by DuckDB's CSV sniffer, which chooses comment, line-break and skip settings from the data: one
// added record starting with "#" once changed how a thousand others were read. So the row engine
// and DuckDB read the same records from every file. A Parquet file is read by DuckDB, its column
// types from the footer (public, as a CSV's header).
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openAsBlob, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { DuckDBConnection } from '@duckdb/node-api';

import {
  checkNothingLeftOut,
  countsFromQueryResult,
  rowsPerPersonFromQueryResult,
  type CountQueryCounts,
} from './count-query-result.js';
import { readCsvChunks } from './csv-stream.js';
import { errorFromCode } from './errors.js';
import type { CountTablesOptions, CountTablesRequest } from './options-types.js';
import type { Schema } from './generated/contract-types.js';
import type { Progress } from './types.js';

/** What DuckDB reads: Parquet by the file's magic bytes or extension, else CSV. */
export type DuckDbFileFormat = 'csv' | 'parquet';

export function fileFormatOf(file: string): DuckDbFileFormat {
  const magic = Buffer.alloc(4);
  let descriptor: number | undefined;
  try {
    descriptor = openSync(file, 'r');
    readSync(descriptor, magic, 0, 4, 0);
  } catch {
    return /\.parquet$/i.test(file) ? 'parquet' : 'csv'; // the reader's own error will name the problem
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
  return magic.toString('latin1') === 'PAR1' || /\.parquet$/i.test(file) ? 'parquet' : 'csv';
}

export interface DuckDbCountsOptions {
  file: string;
  format: DuckDbFileFormat;
  /** The run's schema and options, and countTables() to ask the core for the query. */
  run: CountTablesOptions;
  countTables: (options: CountTablesOptions) => Promise<CountTablesRequest>;
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
  /** DuckDB's memory limit (default "1GB"); it spills to a temporary directory beyond it. */
  memoryLimit?: string;
}

const NUMERIC_TYPES =
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|DOUBLE|DECIMAL)/;

function quoted(text: string, quote: string): string {
  return quote + text.split(quote).join(quote + quote) + quote;
}

function couldNotRead(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return errorFromCode('INVALID_DATA', `DuckDB could not read the file: ${message}`);
}

/** The chosen columns' source column in a header of trimmed names (as the row path matches them). */
function chosenPositions(header: string[], wanted: string[]): number[] {
  const position = new Map<string, number>();
  header.forEach((name, index) => {
    if (position.has(name)) throw errorFromCode('INVALID_DATA', `the file names column "${name}" twice`);
    position.set(name, index);
  });
  return wanted.map((name) => {
    const found = position.get(name);
    if (found === undefined)
      throw errorFromCode('INVALID_DATA', `the file has no column "${name}" (the schema requires it)`);
    return found;
  });
}

/** The table the CSV's records are appended to, in the connection's database. */
const CSV_RECORDS_TABLE = 'privsynth_records';

/**
 * The CSV's records, read by the library's reader (the row path's records, cell for cell), into a
 * table of the chosen columns as text. Returns the count query's source over it.
 */
async function loadCsvRecords(
  connection: DuckDBConnection,
  file: string,
  wanted: string[],
  onProgress: DuckDbCountsOptions['onProgress'],
  signal: AbortSignal | undefined,
): Promise<Source> {
  const columns = wanted.map((name) => `${quoted(name, '"')} VARCHAR`).join(', ');
  await connection.run(`CREATE TABLE ${CSV_RECORDS_TABLE} (${columns})`);
  const duckdb = await import('@duckdb/node-api');
  const types = wanted.map(() => duckdb.VARCHAR);
  const appender = await connection.createAppender(CSV_RECORDS_TABLE);
  let positions: number[] | undefined;
  let blob: Blob;
  try {
    blob = await openAsBlob(file);
  } catch (error) {
    throw errorFromCode('INVALID_DATA', `could not read the file: ${error instanceof Error ? error.message : error}`);
  }
  try {
    await readCsvChunks(
      blob,
      {
        header: (names) => {
          positions = chosenPositions(names, wanted);
        },
        records: (rows) => {
          if (signal?.aborted) throw errorFromCode('CANCELLED', 'cancelled while reading the CSV');
          for (let first = 0; first < rows.length; first += DATA_CHUNK_ROWS) {
            const part = rows.slice(first, first + DATA_CHUNK_ROWS);
            const data = duckdb.DuckDBDataChunk.create(types, part.length);
            data.setColumns(positions!.map((position) => part.map((row) => row[position])));
            appender.appendDataChunk(data);
          }
        },
      },
      (fraction, rows) =>
        onProgress?.({
          phase: 'parse',
          fraction: fraction / 2,
          detail: `${rows.toLocaleString('en-US')} records read into DuckDB`,
        }),
    );
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  return { from: CSV_RECORDS_TABLE, numeric: new Set() };
}

/** DuckDB's data chunks hold at most 2,048 rows (its vector size). */
const DATA_CHUNK_ROWS = 2048;

/** Where the count query reads the chosen columns, and which are numbers in the source. */
interface Source {
  from: string;
  numeric: Set<string>;
}

/** A Parquet file's chosen columns, each from the column whose trimmed name is its name, and their types (from the footer). */
async function parquetSource(connection: DuckDBConnection, file: string, wanted: string[]): Promise<Source> {
  const reader = `read_parquet(${quoted(file, "'")})`;
  let described: Record<string, unknown>[];
  try {
    described = (await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${reader}`)).getRowObjectsJS();
  } catch (error) {
    throw couldNotRead(error);
  }
  const raw = described.map((row) => String(row.column_name));
  const positions = chosenPositions(
    raw.map((name) => name.trim()),
    wanted,
  );
  const select = wanted.map((name, i) => `${quoted(raw[positions[i]], '"')} AS ${quoted(name, '"')}`);
  const numeric = new Set(wanted.filter((_, i) => NUMERIC_TYPES.test(String(described[positions[i]].column_type))));
  return { from: `(SELECT ${select.join(', ')} FROM ${reader}) AS privsynth_source`, numeric };
}

async function withConnection<T>(memoryLimit: string, work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  let duckdb: typeof import('@duckdb/node-api');
  try {
    duckdb = await import('@duckdb/node-api');
  } catch {
    throw errorFromCode(
      'INTERNAL',
      'the DuckDB engine needs the package @duckdb/node-api (npm install @duckdb/node-api)',
    );
  }
  const spill = mkdtempSync(join(tmpdir(), 'privsynth-duckdb-'));
  let instance: InstanceType<typeof duckdb.DuckDBInstance>;
  try {
    // A database file in the temporary folder: a CSV's records fill a table larger than memory.
    instance = await duckdb.DuckDBInstance.create(join(spill, 'records.duckdb'), {
      memory_limit: memoryLimit,
      temp_directory: spill,
      preserve_insertion_order: 'false',
    });
  } catch (error) {
    rmSync(spill, { recursive: true, force: true });
    const message = error instanceof Error ? error.message : String(error);
    throw errorFromCode('INVALID_ARGUMENT', `DuckDB did not start with memoryLimit "${memoryLimit}": ${message}`);
  }
  const connection = await instance.connect();
  try {
    return await work(connection);
  } finally {
    connection.closeSync();
    instance.closeSync();
    rmSync(spill, { recursive: true, force: true });
  }
}

/**
 * Tables counted per pass over the file: DuckDB keeps a hash table per grouping set and thread
 * (about 4 MB each), so 32 sets stay near 300 MB at any number of rows; a table of 20 columns (190
 * pairs) takes 6 passes.
 */
const TABLES_PER_PASS = 32;

/** Runs `sql`, reporting DuckDB's scan progress as the "parse" phase from `start` on; the signal interrupts it. */
async function runWithProgress(
  connection: DuckDBConnection,
  sql: string,
  pass: { index: number; count: number; start: number },
  onProgress: DuckDbCountsOptions['onProgress'],
  signal: AbortSignal | undefined,
): Promise<Record<string, unknown>[]> {
  const interrupt = () => connection.interrupt();
  signal?.addEventListener('abort', interrupt);
  const timer = setInterval(() => {
    const { percentage, rows_processed: done, total_rows_to_process: total } = connection.progress;
    if (percentage < 0) return;
    const passes = pass.count > 1 ? ` (pass ${pass.index + 1} of ${pass.count})` : '';
    const share = Math.min(1, (pass.index + percentage / 100) / pass.count);
    onProgress?.({
      phase: 'parse',
      fraction: pass.start + (1 - pass.start) * share,
      detail: `DuckDB counting: ${Number(done).toLocaleString('en-US')} of ${Number(total).toLocaleString('en-US')} rows${passes}`,
    });
  }, 250);
  try {
    return (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
  } catch (error) {
    if (signal?.aborted) throw errorFromCode('CANCELLED', 'cancelled while DuckDB counted');
    throw couldNotRead(error);
  } finally {
    clearInterval(timer);
    signal?.removeEventListener('abort', interrupt);
  }
}

/** The run's exact count tables over `file`, computed by DuckDB. */
export async function countWithDuckDb(options: DuckDbCountsOptions): Promise<CountQueryCounts> {
  const { file, format, run, onProgress, signal } = options;
  if (signal?.aborted) throw errorFromCode('CANCELLED', 'cancelled');
  // First without a query target: the core checks the schema and options, and refuses a mechanism
  // that reads rows, before DuckDB opens the file.
  const { tables } = await options.countTables({ ...run, query: undefined });
  return withConnection(options.memoryLimit ?? '1GB', async (connection) => {
    const schema = schemaColumns(run);
    const named = run.columns && run.columns.length > 0 ? run.columns : schema.map((column) => column.name);
    // "id" and "text" columns are never read (the row path's encoder skips them too).
    const unmeasured = new Set(schema.filter((c) => c.type === 'id' || c.type === 'text').map((c) => c.name));
    const chosen = named.filter((name) => !unmeasured.has(name));
    // With a privacy unit its identifiers are read too: the query bounds each person's records.
    const unit = privacyUnitOf(run);
    const read = unit === undefined ? chosen : [...chosen, unit];
    const source =
      format === 'parquet'
        ? await parquetSource(connection, file, read)
        : await loadCsvRecords(connection, file, read, onProgress, signal);
    const query = {
      dialect: 'duckdb' as const,
      from: source.from,
      // Parquet: a null is a missing value; the CSV's records hold text, an empty cell "".
      nulls: format === 'parquet' ? ('missing' as const) : ('empty-text' as const),
      typedColumns: schema.filter((c) => c.type === 'numeric' && source.numeric.has(c.name)).map((c) => c.name),
      tableCount: TABLES_PER_PASS,
      // A secret of this run: every pass bounds each person to the same records.
      ...(unit === undefined ? {} : { drawKey: randomBytes(16).toString('hex') }),
    };
    const rows: Record<string, unknown>[] = [];
    const passes = Math.ceil(tables.length / TABLES_PER_PASS);
    for (let index = 0; index < passes; index += 1) {
      const request = await options.countTables({ ...run, query: { ...query, firstTable: index * TABLES_PER_PASS } });
      const pass = { index, count: passes, start: format === 'parquet' ? 0 : 0.5 };
      for (const row of await runWithProgress(connection, request.sql as string, pass, onProgress, signal))
        rows.push(row);
    }
    const counts = countsFromQueryResult(rows, tables);
    checkNothingLeftOut(counts, run.outOfDomain);
    if (unit !== undefined) {
      const request = await options.countTables({ ...run, query });
      const pass = { index: passes, count: passes + 1, start: 0 };
      const persons = await runWithProgress(connection, request.rowsPerPersonSql as string, pass, onProgress, signal);
      counts.counts.rowsPerPerson = rowsPerPersonFromQueryResult(persons);
    }
    onProgress?.({
      phase: 'parse',
      fraction: 1,
      detail: `DuckDB counted ${counts.inputRows.toLocaleString('en-US')} records`,
    });
    return counts;
  });
}

/** The schema's privacy unit, if it names one (checked by the core already). */
function privacyUnitOf(run: CountTablesOptions): string | undefined {
  const schema = typeof run.schema === 'string' ? (JSON.parse(run.schema) as Schema) : run.schema;
  return schema.privacyUnit;
}

/** The schema's columns (checked by the core already: countTables() parsed it). */
function schemaColumns(run: CountTablesOptions): Array<{ name: string; type: string }> {
  const schema = typeof run.schema === 'string' ? (JSON.parse(run.schema) as Schema) : run.schema;
  return schema.columns.map((column) => ({ name: column.name, type: column.type }));
}
