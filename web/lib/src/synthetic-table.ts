// The synthetic table as the library returns it: one typed array per column (moved, not copied,
// across the worker boundary), and its CSV text written from those arrays in chunks with the
// schema's labels and missing token, so that no array of millions of cell strings is ever built.
import Papa from 'papaparse';

import type { Schema, SchemaColumn } from './generated/contract-types.js';
import { formatTimeSteps } from './time-text.js';
import type { SynthesisResult, SyntheticColumn, WeightedCentres } from './types.js';
import type { WasmColumn, WasmWeightedCentres } from './wasm-module.js';

/** Rows joined into one string at a time. */
const ROWS_PER_CHUNK = 16_384;

/** A cell as CSV text, quoted where RFC 4180 needs it (PapaParse's rules). */
const escaped = (text: string): string => Papa.unparse([[text]], { newline: '\n' });

function definitionOf(schema: Schema, name: string): SchemaColumn {
  const definition = schema.columns.find((c) => c.name === name);
  if (!definition) throw new Error(`the core returned unknown column ${name}`);
  return definition;
}

/** Which rows of the output a table holds, and its columns' order (the run's "columns", if given). */
export interface OutputRows {
  chosen?: string[];
  firstRow: number;
  rows: number;
}

/**
 * The synthetic table: the core's decoded columns with the labels of their categories and, with
 * `output`, the "id" and "text" columns the schema makes without reading the data (fresh
 * identifiers from firstRow + 1, the placeholder), every column in the output's order.
 */
export function syntheticTable(schema: Schema, columns: WasmColumn[], output?: OutputRows): SyntheticColumn[] {
  const measured = decodedColumns(schema, columns);
  if (!output) return measured;
  const byName = new Map(measured.map((column) => [column.name, column]));
  const names = output.chosen ?? schema.columns.map((column) => column.name);
  return names.flatMap((name) => {
    const found = byName.get(name);
    if (found) return [found];
    const definition = schema.columns.find((column) => column.name === name);
    if (definition?.type === 'id') {
      const values = new Float64Array(output.rows);
      for (let row = 0; row < output.rows; ++row) values[row] = output.firstRow + row + 1;
      return [{ name, kind: 'numeric' as const, values }];
    }
    if (definition?.type === 'text') {
      const placeholder = definition.placeholder ?? '';
      return [{ name, kind: 'categorical' as const, codes: new Int32Array(output.rows), labels: [placeholder] }];
    }
    return [];
  });
}

function decodedColumns(schema: Schema, columns: WasmColumn[]): SyntheticColumn[] {
  return columns.map((column) => {
    const definition = definitionOf(schema, column.name);
    if (column.kind === 'categorical') {
      if (definition.type !== 'categorical') throw new Error(`column ${column.name} changed kind`);
      return {
        name: column.name,
        kind: 'categorical',
        codes: column.categories,
        labels: definition.categories.map(String),
      };
    }
    if (definition.type === 'categorical') throw new Error(`column ${column.name} changed kind`);
    return { name: column.name, kind: 'numeric', values: column.numbers };
  });
}

/** The buffers to transfer with a table (postMessage's transfer list). */
function tableBuffers(table: SyntheticColumn[]): ArrayBuffer[] {
  return table.map(
    (column) => (column.kind === 'categorical' ? column.codes.buffer : column.values.buffer) as ArrayBuffer,
  );
}

/** The buffers to transfer with a result: its table's and its weighted centres'. */
export function resultBuffers(result: SynthesisResult): ArrayBuffer[] {
  const centres = result.weightedCentres;
  return centres
    ? [...tableBuffers(result.table), ...tableBuffers(centres.table), centres.weights.buffer as ArrayBuffer]
    : tableBuffers(result.table);
}

/** Decimal places that resolve 1/100,000 of a column's range (values are uniform within a bin). */
function decimalsFor(column: SchemaColumn & { type: 'numeric' }): number {
  const span = column.max - column.min;
  return Math.min(12, Math.max(0, Math.ceil(-Math.log10(span / 1e5))));
}

type CellWriter = (row: number) => string;

/**
 * A function from row index to the cell's CSV text. Labels and the missing token are escaped once;
 * numbers never need quotes. Rows are then built with Array.join, which makes flat strings (string
 * concatenation, as in Papa.unparse, leaves a rope of one node per cell: 1.3 GB for 20 M cells).
 * Integer columns are rounded for records, not for bin centres.
 */
function cellWriter(schema: Schema, column: SyntheticColumn, missing: string, roundIntegers = true): CellWriter {
  if (column.kind === 'categorical') {
    const { codes } = column;
    const labels = column.labels.map(escaped);
    return (row) => (codes[row] < 0 ? missing : labels[codes[row]]);
  }
  const definition = definitionOf(schema, column.name);
  const { values } = column;
  if (definition.type === 'id') {
    const prefix = definition.prefix ?? '';
    // Quoted as a whole when the prefix needs quotes (a digit never does).
    if (escaped(prefix) === prefix) return (row) => `${prefix}${values[row]}`;
    const quoted = prefix.replaceAll('"', '""');
    return (row) => `"${quoted}${values[row]}"`;
  }
  if (definition.type === 'date' || definition.type === 'datetime') {
    // Whole steps since 1970 (a weighted centre is floored to its step as well).
    return (row) => (Number.isNaN(values[row]) ? missing : formatTimeSteps(values[row], definition));
  }
  if (definition.type !== 'numeric') throw new Error(`column ${column.name} changed kind`);
  if (definition.integer && roundIntegers)
    return (row) => (Number.isNaN(values[row]) ? missing : String(Math.round(values[row])));
  const decimals = decimalsFor(definition);
  // A common value is written exactly (9.99 of a range of 10,000 would round to 10 otherwise).
  const common = new Set(definition.commonValues ?? []);
  return (row) =>
    Number.isNaN(values[row])
      ? missing
      : common.has(values[row])
        ? String(values[row])
        : String(Number(values[row].toFixed(decimals)));
}

/** CSV text: header + rows, "\n" line ends, no line end after the last row. */
function writeCsv(names: string[], writers: CellWriter[], rows: number): string {
  return rows === 0 ? csvHeader(names) : `${csvHeader(names)}\n${csvLines(writers, rows)}`;
}

/** The CSV header line (without its line end). */
export function csvHeader(names: string[]): string {
  return names.map(escaped).join(',');
}

/** The rows as CSV lines joined by "\n" (no line end after the last). */
function csvLines(writers: CellWriter[], rows: number): string {
  const parts: string[] = [];
  const line: string[] = new Array(writers.length);
  for (let first = 0; first < rows; first += ROWS_PER_CHUNK) {
    const last = Math.min(rows, first + ROWS_PER_CHUNK);
    const lines: string[] = new Array(last - first);
    for (let row = first; row < last; ++row) {
      for (let c = 0; c < writers.length; ++c) line[c] = writers[c](row);
      lines[row - first] = line.join(',');
    }
    parts.push(lines.join('\n'));
  }
  return parts.join('\n');
}

const missingToken = (schema: Schema): string => escaped(schema.missing?.[0] ?? '');

/** The cell writers of synthetic records (integer columns rounded). */
function recordWriters(schema: Schema, table: SyntheticColumn[]): CellWriter[] {
  const missing = missingToken(schema);
  return table.map((column) => cellWriter(schema, column, missing));
}

/** A chunk of a streamed release as CSV lines: syntheticCsv()'s rows, without the header. */
export function syntheticCsvLines(schema: Schema, table: SyntheticColumn[], rows: number): string {
  return csvLines(recordWriters(schema, table), rows);
}

/** The synthetic table as CSV text. */
export function syntheticCsv(schema: Schema, table: SyntheticColumn[], rows: number): string {
  return writeCsv(
    table.map((column) => column.name),
    recordWriters(schema, table),
    rows,
  );
}

/** The weight column's name: "weight", with "_" appended while a schema column has that name. */
export function weightColumnName(columns: string[]): string {
  let name = 'weight';
  while (columns.includes(name)) name += '_';
  return name;
}

/** The core's weighted centres with their labels and their CSV (the columns, then the weight). */
export function weightedCentres(schema: Schema, centres: WasmWeightedCentres): WeightedCentres {
  const table = syntheticTable(schema, centres.columns);
  const columns = table.map((column) => column.name);
  const missing = missingToken(schema);
  const writers = table.map((column) => cellWriter(schema, column, missing, false));
  const { weights } = centres;
  writers.push((row) => String(weights[row]));
  const csv = writeCsv([...columns, weightColumnName(columns)], writers, centres.rows);
  return { rows: centres.rows, columns, table, weights, csv };
}
