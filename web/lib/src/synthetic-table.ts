// The synthetic table as the library returns it: one typed array per column (moved, not copied,
// across the worker boundary), and its CSV text written from those arrays in chunks with the
// schema's labels and missing token, so that no array of millions of cell strings is ever built.
import Papa from 'papaparse';

import type { Schema, SchemaColumn } from './schema-types.js';
import type { SyntheticColumn } from './types.js';
import type { WasmColumn } from './wasm-module.js';

/** Rows written per call of Papa.unparse. */
const ROWS_PER_CHUNK = 16_384;

function definitionOf(schema: Schema, name: string): SchemaColumn {
  const definition = schema.columns.find((c) => c.name === name);
  if (!definition) throw new Error(`the core returned unknown column ${name}`);
  return definition;
}

/** The core's decoded columns with the labels of their categories. */
export function syntheticTable(schema: Schema, columns: WasmColumn[]): SyntheticColumn[] {
  return columns.map((column) => {
    const definition = definitionOf(schema, column.name);
    if (column.kind === 'categorical') {
      if (definition.type !== 'categorical') throw new Error(`column ${column.name} changed kind`);
      return { name: column.name, kind: 'categorical', codes: column.categories, labels: definition.categories.map(String) };
    }
    if (definition.type !== 'numeric') throw new Error(`column ${column.name} changed kind`);
    return { name: column.name, kind: 'numeric', values: column.numbers };
  });
}

/** The buffers to transfer with a table (postMessage's transfer list). */
export function tableBuffers(table: SyntheticColumn[]): ArrayBuffer[] {
  return table.map((column) => (column.kind === 'categorical' ? column.codes.buffer : column.values.buffer) as ArrayBuffer);
}

/** Decimal places that resolve 1/100,000 of a column's range (values are uniform within a bin). */
function decimalsFor(column: SchemaColumn & { type: 'numeric' }): number {
  const span = column.max - column.min;
  return Math.min(12, Math.max(0, Math.ceil(-Math.log10(span / 1e5))));
}

/** A function from row index to the cell's text. */
function cellWriter(schema: Schema, column: SyntheticColumn, missing: string): (row: number) => string {
  if (column.kind === 'categorical') {
    const { codes, labels } = column;
    return (row) => (codes[row] < 0 ? missing : labels[codes[row]]);
  }
  const definition = definitionOf(schema, column.name) as SchemaColumn & { type: 'numeric' };
  const { values } = column;
  if (definition.integer) return (row) => (Number.isNaN(values[row]) ? missing : String(Math.round(values[row])));
  const decimals = decimalsFor(definition);
  return (row) => (Number.isNaN(values[row]) ? missing : String(Number(values[row].toFixed(decimals))));
}

/** The table as CSV text (header + rows, RFC 4180 quoting by PapaParse where needed). */
export function syntheticCsv(schema: Schema, table: SyntheticColumn[], rows: number): string {
  const missing = schema.missing?.[0] ?? '';
  const writers = table.map((column) => cellWriter(schema, column, missing));
  const parts = [Papa.unparse([table.map((column) => column.name)], { newline: '\n' })];
  for (let first = 0; first < rows; first += ROWS_PER_CHUNK) {
    const last = Math.min(rows, first + ROWS_PER_CHUNK);
    const chunk: string[][] = new Array(last - first);
    for (let row = first; row < last; ++row) chunk[row - first] = writers.map((write) => write(row));
    parts.push(Papa.unparse(chunk, { newline: '\n' }));
  }
  return parts.join('\n');
}
