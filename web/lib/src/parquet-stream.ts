// Streaming Parquet reading with hyparquet (pure JavaScript, no request, no worker of its own): the
// file is read one row group at a time through Blob slices, each column's values are written as the
// text cells the row path reads (the same cells a CSV of the table would hold) and handed over
// packed in chunks, so a file larger than memory never is in memory. Works in browsers, Web
// Workers and Node 20 alike; the CLI's DuckDB engine reads Parquet out of core the other way
// (docs/scale.md).
import {
  parquetMetadataAsync,
  parquetSchema,
  parquetScan,
  type AsyncBuffer,
  type FileMetaData,
  type ParquetParsers,
  type SchemaElement,
} from 'hyparquet';
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

const float32Bits = new Uint32Array(1);
const float32Value = new Float32Array(float32Bits.buffer);

/** The midpoints between a positive float32 and its neighbours: a decimal strictly between them reads back as it. */
function float32Bounds(magnitude: number): [number, number] {
  float32Value[0] = magnitude;
  const bits = float32Bits[0];
  float32Bits[0] = bits - 1;
  const below = float32Value[0];
  float32Bits[0] = bits + 1;
  const above = float32Value[0];
  return [(magnitude + below) / 2, (magnitude + above) / 2];
}

/**
 * A float32 as its shortest decimal text, written as JavaScript writes a number: 0.1f is "0.1",
 * as SQL engines print a FLOAT (real), not the "0.10000000149011612" of its double, so a label or a
 * bound written 0.1 means it (docs/scale.md). The rule is PostgreSQL's (Ryu): the fewest
 * significant digits that lie strictly between the float's midpoints to its neighbours (a decimal
 * on a midpoint is refused, whichever way a parser breaks the tie), and of those the nearest, an
 * even last digit on a tie.
 */
export function float32Text(value: number): string {
  if (!Number.isFinite(value) || value === 0) return String(value);
  const magnitude = Math.abs(value);
  const [low, high] = float32Bounds(magnitude);
  for (let digits = 1; digits <= 9; digits += 1) {
    const [mantissa, exponent] = magnitude.toExponential(digits - 1).split('e');
    const power = Number(exponent) - (digits - 1);
    const read = (m: bigint) => Number(`${m}e${power}`);
    let nearest = BigInt(mantissa.replace('.', ''));
    // toExponential breaks a tie upwards: the float exactly halfway, one digit finer, ends in 5.
    const finer = magnitude.toExponential(digits);
    if (nearest % 2n === 1n && Number(finer) === magnitude && /5e/.test(finer)) nearest -= 1n;
    const other = nearest + (read(nearest) < magnitude ? 1n : -1n);
    for (const candidate of [nearest, other]) {
      const decimal = read(candidate);
      if (decimal > low && decimal < high) return String(value < 0 ? -decimal : decimal);
    }
  }
  return String(value);
}

/** A DECIMAL's unscaled integer as its physical type holds it: INT32, INT64, or big-endian two's complement bytes. */
function unscaledOf(raw: number | bigint | Uint8Array): bigint {
  if (!(raw instanceof Uint8Array)) return BigInt(raw);
  let value = 0n;
  for (const byte of raw) value = (value << 8n) | BigInt(byte);
  return raw.length > 0 && raw[0] >= 128 ? value - (1n << BigInt(8 * raw.length)) : value;
}

/**
 * A DECIMAL as the double nearest its exact value (JavaScript reads decimal text correctly
 * rounded), as SQL engines cast it. hyparquet scales in double arithmetic, which rounds twice past
 * 2^53: 0.30000000000000001700 of a DECIMAL(38, 20) would read 0.3, not 0.30000000000000004.
 */
function decimalValue(raw: number | bigint | Uint8Array, scale: number): number {
  const unscaled = unscaledOf(raw);
  const digits = (unscaled < 0n ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  const point = digits.length - scale;
  return Number(`${unscaled < 0n ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`);
}

/** How a column's values are written: by its Parquet type. */
interface ColumnText {
  name: string;
  float32: boolean;
  /** A DECIMAL read as its unscaled integers (decimalsUnscaled), and their scale. */
  decimalScale?: number;
}

/** One Parquet value as the text cell the row encoder reads. */
function cellText(value: unknown, nullText: string, column: ColumnText): string {
  if (value === null || value === undefined) return nullText;
  if (column.decimalScale !== undefined) {
    return String(decimalValue(value as number | bigint | Uint8Array, column.decimalScale));
  }
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      // A number's shortest text that reads back as the same double (a float32's, as a float32).
      return column.float32 ? float32Text(value) : String(value);
    case 'bigint':
    case 'boolean':
      return String(value);
    default:
      if (value instanceof Date) return value.toISOString();
      throw errorFromCode(
        'INVALID_DATA',
        `column "${column.name}" holds ${value instanceof Uint8Array ? 'binary' : 'nested'} values; privsynth reads columns of numbers, text, booleans, dates and timestamps`,
      );
  }
}

/** The scale of a DECIMAL that decimalsUnscaled() leaves unannotated; undefined for any other column. */
function unscaledDecimalScale(element: SchemaElement): number | undefined {
  if (element.type === 'BYTE_ARRAY') return undefined;
  if (element.logical_type?.type === 'DECIMAL') return element.logical_type.scale;
  return element.converted_type === 'DECIMAL' ? (element.scale ?? 0) : undefined;
}

/**
 * The metadata with each DECIMAL stored as an integer or fixed-length bytes left unannotated, so
 * that hyparquet hands over its unscaled integers and decimalValue() rounds once. A DECIMAL stored
 * as variable-length bytes (rare) keeps hyparquet's reading: unannotated, those bytes would be read
 * as text.
 */
function decimalsUnscaled(metadata: FileMetaData): FileMetaData {
  const schema = metadata.schema.map((element) =>
    unscaledDecimalScale(element) !== undefined
      ? { ...element, converted_type: undefined, logical_type: undefined }
      : element,
  );
  return { ...metadata, schema };
}

function couldNotRead(error: unknown): Error {
  if (error instanceof Error && 'code' in error) return error; // already the library's error
  const message = error instanceof Error ? error.message : String(error);
  return errorFromCode('INVALID_DATA', `the Parquet file could not be read: ${message}`);
}

/**
 * Reads a Parquet Blob/File into `sink`: its flat columns' (trimmed) names as the header, then its
 * rows packed in chunks, each value written as text (numbers in their shortest exact form, a
 * FLOAT's as a float32, a DECIMAL's from its exact value; dates and timestamps as ISO text, a null
 * as `hints.nullText`). A column of nested values (a list, a
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
  let columnTexts: ColumnText[];
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
    columnTexts = chosen.map(({ element }, c) => ({
      name: names[c],
      float32: element.type === 'FLOAT',
      decimalScale: unscaledDecimalScale(element),
    }));
    scan = await parquetScan({
      file,
      metadata: decimalsUnscaled(metadata),
      columns: rawNames,
      compressors,
      parsers: TEXT_PARSERS,
    });
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
        rows.push(columns.map((values, c) => cellText(values[r], hints.nullText, columnTexts[c])));
      }
      sink.rows(packRows(rows, names.length));
      rowsRead += end - start;
      onProgress?.(totalRows > 0 ? rowsRead / totalRows : 1, rowsRead);
    }
  }
}
