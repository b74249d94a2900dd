// From the core's decoded columns (category indices, numbers) to the text written in the
// synthetic CSV, using the schema's own labels and missing token.
import type { Schema, SchemaColumn } from './schema-types.js';
import type { WasmColumn } from './wasm-module.js';

/** Decimal places that resolve 1/100,000 of a column's range (values are uniform within a bin). */
function decimalsFor(column: SchemaColumn & { type: 'numeric' }): number {
  const span = column.max - column.min;
  return Math.min(12, Math.max(0, Math.ceil(-Math.log10(span / 1e5))));
}

export function columnText(schema: Schema, column: WasmColumn): string[] {
  const definition = schema.columns.find((c) => c.name === column.name);
  if (!definition) throw new Error(`the core returned unknown column ${column.name}`);
  const missing = schema.missing?.[0] ?? '';
  if (column.kind === 'categorical') {
    if (definition.type !== 'categorical') throw new Error(`column ${column.name} changed kind`);
    const labels = definition.categories.map(String);
    return Array.from(column.categories, (code) => (code < 0 ? missing : labels[code]));
  }
  if (definition.type !== 'numeric') throw new Error(`column ${column.name} changed kind`);
  const decimals = definition.integer ? 0 : decimalsFor(definition);
  return Array.from(column.numbers, (value) => {
    if (Number.isNaN(value)) return missing;
    return definition.integer ? String(Math.round(value)) : String(Number(value.toFixed(decimals)));
  });
}
