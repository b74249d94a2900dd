// Streaming Parquet reading with hyparquet (pure JavaScript, no request, no worker of its own): the
// file is read one row group at a time through Blob slices, each column's values are written as the
// text cells the row path reads (the same cells a CSV of the table would hold) and handed over
// packed in chunks, so a file larger than memory never is in memory. Works in browsers, Web
// Workers and Node 20 alike; the CLI's DuckDB engine reads Parquet out of core the other way
// (docs/scale.md).
import { parquetMetadataAsync, parquetSchema, parquetScan, type AsyncBuffer, type ParquetParsers } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';

import { packRows } from './csv.js';
import type { ReadProgress, TableChunkSink } from './csv-stream.js';
import { errorFromCode } from './errors.js';

/** A Parquet file begins and ends with these four bytes. */
const MAGIC = 'PAR1';

/** Rows packed per chunk handed to the sink. */
const ROWS_PER_CHUNK = 65_536;

export interface ParquetReadHints {
  /** Read only the columns with these (trimmed) names; every column when absent. */
  columns?: readonly string[];
  /** The cell a null becomes: the schema's first missing-value token (a null is a missing value). */
  nullText: string;
}

async function bytesAt(blob: Blob, start: number, end: number): Promise<string> {
  return new TextDecoder('latin1').decode(await blob.slice(start, end).arrayBuffer());
}

/** True when `source` is a Blob holding a Parquet file (its magic bytes at both ends). */
export async function isParquet(source: string | Blob): Promise<boolean> {
  if (typeof source === 'string' || source.size < 12) return false;
  return (await bytesAt(source, 0, 4)) === MAGIC && (await bytesAt(source, source.size - 4, source.size)) === MAGIC;
}

/**
 * The (trimmed) names of a Parquet file's columns, read from its footer alone; null when `file` is
 * not Parquet. For a page that shows the columns before any run.
 */
export async function parquetColumnNames(file: Blob): Promise<string[] | null> {
  if (!(await isParquet(file))) return null;
  try {
    const metadata = await parquetMetadataAsync(asyncBufferOf(file));
    return parquetSchema(metadata).children.map((child) => child.element.name.trim());
  } catch (error) {
    throw couldNotRead(error);
  }
}

function asyncBufferOf(blob: Blob): AsyncBuffer {
  return { byteLength: blob.size, slice: (start, end) => blob.slice(start, end).arrayBuffer() };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A UTC instant as "YYYY-MM-DD HH:MM:SS" plus the fraction of a second when there is one. */
function timestampText(wholeSeconds: bigint, fraction: bigint, fractionDigits: number): string {
  const date = new Date(Number(wholeSeconds) * 1000);
  const day = date.toISOString().slice(0, 10);
  const time = `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())}`;
  const digits = fraction === 0n ? '' : `.${String(fraction).padStart(fractionDigits, '0').replace(/0+$/, '')}`;
  return `${day} ${time}${digits}`;
}

function timestampFrom(units: bigint, perSecond: bigint, digits: number): string {
  let seconds = units / perSecond;
  let fraction = units % perSecond;
  if (fraction < 0n) {
    seconds -= 1n;
    fraction += perSecond;
  }
  return timestampText(seconds, fraction, digits);
}

/** Dates and timestamps as text (ISO dates, "date time" instants in UTC), as SQL engines print them. */
const TEXT_PARSERS: Partial<ParquetParsers> = {
  dateFromDays: (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10),
  timestampFromMilliseconds: (millis: bigint) => timestampFrom(millis, 1000n, 3),
  timestampFromMicroseconds: (micros: bigint) => timestampFrom(micros, 1_000_000n, 6),
  timestampFromNanoseconds: (nanos: bigint) => timestampFrom(nanos, 1_000_000_000n, 9),
};

/** One Parquet value as the text cell the row encoder reads. */
function cellText(value: unknown, nullText: string, column: string): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value); // a number's shortest text that reads back as the same double
    case 'undefined':
      return nullText;
    default:
      if (value === null) return nullText;
      if (value instanceof Date) return value.toISOString();
      throw errorFromCode(
        'INVALID_DATA',
        `column "${column}" holds ${value instanceof Uint8Array ? 'binary' : 'nested'} values; privsynth reads columns of numbers, text, booleans, dates and timestamps`,
      );
  }
}

function couldNotRead(error: unknown): Error {
  if (error instanceof Error && 'code' in error) return error; // already the library's error
  const message = error instanceof Error ? error.message : String(error);
  return errorFromCode('INVALID_DATA', `the Parquet file could not be read: ${message}`);
}

/**
 * Reads a Parquet Blob/File into `sink`: its flat columns' (trimmed) names as the header, then its
 * rows packed in chunks, each value written as text (numbers in their shortest exact form, dates
 * and timestamps as ISO text, a null as `hints.nullText`). A column of nested values (a list, a
 * struct, a map) that is read is refused, naming it. Progress is the share of rows read.
 */
export async function readParquetChunks(
  source: Blob,
  sink: TableChunkSink,
  onProgress: ReadProgress | undefined,
  hints: ParquetReadHints,
): Promise<void> {
  const file = asyncBufferOf(source);
  let scan: Awaited<ReturnType<typeof parquetScan>>;
  let names: string[];
  let rawNames: string[];
  try {
    const metadata = await parquetMetadataAsync(file, { parsers: TEXT_PARSERS });
    const wanted = hints.columns ? new Set(hints.columns) : null;
    const chosen = parquetSchema(metadata).children.filter((child) => !wanted || wanted.has(child.element.name.trim()));
    for (const child of chosen) {
      if (child.children.length > 0) {
        throw errorFromCode(
          'INVALID_DATA',
          `column "${child.element.name.trim()}" holds nested values (a list, struct or map); privsynth reads flat columns`,
        );
      }
    }
    rawNames = chosen.map((child) => child.element.name);
    names = rawNames.map((name) => name.trim());
    scan = await parquetScan({ file, metadata, columns: rawNames, compressors, parsers: TEXT_PARSERS });
  } catch (error) {
    throw couldNotRead(error);
  }
  sink.header(names);
  const totalRows = Number(scan.metadata.num_rows);
  let rowsRead = 0;
  for (const range of scan.ranges) {
    let columns: ArrayLike<unknown>[];
    try {
      columns = await Promise.all(
        rawNames.map((column) => scan.readColumn({ column, rowStart: range.rowStart, rowEnd: range.rowEnd })),
      );
    } catch (error) {
      throw couldNotRead(error);
    }
    for (let start = 0; start < range.rowEnd - range.rowStart; start += ROWS_PER_CHUNK) {
      const end = Math.min(range.rowEnd - range.rowStart, start + ROWS_PER_CHUNK);
      const rows: string[][] = [];
      for (let r = start; r < end; ++r) {
        rows.push(columns.map((values, c) => cellText(values[r], hints.nullText, names[c])));
      }
      sink.rows(packRows(rows, names.length));
      rowsRead += end - start;
      onProgress?.(totalRows > 0 ? rowsRead / totalRows : 1, rowsRead);
    }
  }
}
