// Reads a schema from the data itself. This is NOT private: the category sets and the min/max of
// numeric columns are facts about the private records. The schema is labelled
// "provenance": "inferred-from-data", and every receipt made with it says "not private".
import { errorFromCode } from './errors.js';
import { parseCsv, unpackRows } from './csv.js';
import { readTableChunks } from './table-stream.js';
import type { Schema, SchemaColumn } from './generated/contract-types.js';

export interface InferSchemaOptions {
  /**
   * Columns with more distinct non-numeric values than this (default 100) are an "id" column when
   * every value is distinct, a "text" column when most values have spaces or they are long (25
   * characters on average), and refused otherwise.
   */
  maxCategories?: number;
  /** Bins for numeric columns (default 16, or one per whole number when fewer). */
  bins?: number;
  /** Cell texts treated as missing (default ["", "?", "NA", "N/A"]). */
  missing?: string[];
  name?: string;
}

export const NOT_PRIVATE_WARNING =
  'Not private: this schema was read from your data (its categories and numeric ranges reveal facts about the records).';

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An ISO 8601 date-time: its seconds (group 1) and time zone (group 2) when given. */
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** True when an ISO 8601 calendar date exists (Date.parse rolls 2021-02-30 over to 03-02). */
function dayExists(day: string): boolean {
  const instant = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(instant) && new Date(instant).toISOString().slice(0, 10) === day;
}

/** The instant an ISO 8601 date or date-time names, read as UTC when it has no time zone; NaN if impossible. */
function instantOf(text: string): number {
  if (!dayExists(text.slice(0, 10))) return Number.NaN;
  if (ISO_DATE.test(text)) return Date.parse(`${text}T00:00:00Z`);
  const [, seconds, zone] = ISO_DATETIME.exec(text) ?? [];
  return Date.parse(`${text.replace(' ', 'T')}${seconds ? '' : ':00'}${zone ? '' : 'Z'}`);
}

/** A column of ISO 8601 dates (or date-times, all with a time zone or all without) as a date or datetime column, or null. */
function inferTime(name: string, present: string[], nullable: boolean): SchemaColumn | null {
  const dates = present.every((v) => ISO_DATE.test(v));
  const times = !dates && present.every((v) => ISO_DATETIME.test(v));
  if (!dates && !times) return null;
  const zoned = present.map((v) => Boolean(ISO_DATETIME.exec(v)?.[2]));
  if (zoned.some(Boolean) && !zoned.every(Boolean)) return null;
  const instants = present.map(instantOf);
  if (instants.some(Number.isNaN)) return null; // an impossible date: not a date column
  const first = new Date(instants.reduce((a, b) => Math.min(a, b))).toISOString();
  const last = new Date(instants.reduce((a, b) => Math.max(a, b))).toISOString();
  const optional = nullable ? { nullable } : {};
  if (dates)
    return first === last ? null : { name, type: 'date', min: first.slice(0, 10), max: last.slice(0, 10), ...optional };
  const seconds = present.some((v) => ISO_DATETIME.exec(v)?.[1]);
  const zone = zoned[0] ? 'Z' : '';
  const bound = (iso: string) => `${iso.slice(0, seconds ? 19 : 16)}${zone}`;
  if (bound(first) === bound(last)) return null;
  return {
    name,
    type: 'datetime',
    min: bound(first),
    max: bound(last),
    granularity: seconds ? 'second' : 'minute',
    ...(zone ? { timezone: 'utc' as const } : {}),
    ...optional,
  };
}

function inferColumn(name: string, values: string[], options: Required<InferSchemaOptions>): SchemaColumn {
  const missing = new Set(options.missing);
  const present = values.map((v) => v.trim()).filter((v) => !missing.has(v));
  const nullable = present.length < values.length;
  if (present.length > 0 && present.every((v) => NUMBER.test(v))) {
    const numbers = present.map(Number);
    let min = Infinity;
    let max = -Infinity;
    for (const x of numbers) {
      if (x < min) min = x;
      if (x > max) max = x;
    }
    const integer = numbers.every(Number.isInteger);
    if (min === max) max = min + 1;
    const wholeNumbers = integer ? max - min + 1 : Infinity;
    return {
      name,
      type: 'numeric',
      min,
      max,
      integer,
      bins: Math.min(options.bins, wholeNumbers),
      ...(nullable ? { nullable } : {}),
    };
  }
  const time = present.length > 0 ? inferTime(name, present, nullable) : null;
  if (time) return time;
  const categories = [...new Set(present)].sort();
  if (categories.length === 0) {
    throw errorFromCode('INVALID_DATA', `column "${name}" has only missing values; no schema can be inferred`);
  }
  if (categories.length > options.maxCategories) {
    // Too many values to be categories: a value per record is an identifier; long or worded values
    // are free text. Neither is measured (docs/schema.md).
    if (categories.length === present.length && present.every((v) => !/\s/.test(v))) return { name, type: 'id' };
    const worded = present.filter((v) => /\s/.test(v)).length;
    const length = present.reduce((sum, v) => sum + v.length, 0) / present.length;
    if (worded > present.length / 2 || length >= 25) return { name, type: 'text' };
    throw errorFromCode(
      'INVALID_DATA',
      `column "${name}" has ${categories.length} distinct values (more than ${options.maxCategories}); ` +
        'drop it, or describe it in a schema file (with its categories, or as "id" or "text" to leave it out ' +
        'of the measurements)',
    );
  }
  return { name, type: 'categorical', categories, ...(nullable ? { nullable } : {}) };
}

function settingsOf(options: InferSchemaOptions): Required<InferSchemaOptions> {
  return {
    maxCategories: options.maxCategories ?? 100,
    bins: options.bins ?? 16,
    missing: options.missing ?? ['', '?', 'NA', 'N/A'],
    name: options.name ?? 'inferred',
  };
}

function inferFromRows(header: string[], rows: string[][], settings: Required<InferSchemaOptions>): Schema {
  if (rows.length === 0) throw errorFromCode('EMPTY_DATA', 'the table has a header but no rows');
  const columns = header.map((name, c) =>
    inferColumn(
      name,
      rows.map((row) => row[c]),
      settings,
    ),
  );
  return {
    version: 1,
    name: settings.name,
    source: NOT_PRIVATE_WARNING,
    provenance: 'inferred-from-data',
    columns,
    missing: settings.missing,
  };
}

/** Infers a schema from CSV text. The result is labelled as read from the data (NOT private). */
export function inferSchema(csvText: string, options: InferSchemaOptions = {}): Schema {
  const { header, rows } = parseCsv(csvText);
  return inferFromRows(header, rows, settingsOf(options));
}

/**
 * inferSchema() for a File/Blob of CSV or Parquet (a Parquet null is a missing value). The result
 * is labelled as read from the data (NOT private).
 */
export async function inferSchemaFromFile(source: string | Blob, options: InferSchemaOptions = {}): Promise<Schema> {
  const settings = settingsOf(options);
  let header: string[] = [];
  const rows: string[][] = [];
  await readTableChunks(
    source,
    {
      header: (names) => (header = names),
      rows: (chunk) => {
        for (const row of unpackRows(chunk)) rows.push(row);
      },
    },
    undefined,
    { missingTokens: settings.missing },
  );
  return inferFromRows(header, rows, settings);
}
