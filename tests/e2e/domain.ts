// Checks that every cell of a synthetic CSV lies in a schema's public domain.
import Papa from 'papaparse';

import type { Schema } from '../../web/lib/src/generated/contract-types';

/** The first cell outside the domain, described; null when every cell fits. */
export function firstValueOutsideDomain(rows: Record<string, string>[], schema: Schema): string | null {
  const missing = schema.missing ?? [''];
  for (const [index, row] of rows.entries()) {
    for (const [name, value] of Object.entries(row)) {
      const column = schema.columns.find((c) => c.name === name);
      if (!column) return `unknown column ${name}`;
      if (column.type === 'id' || column.type === 'text') continue; // made by the library, not measured
      if (missing.includes(value)) {
        if (!column.nullable) return `row ${index + 1}: "${value}" in ${name}, which is not nullable`;
        continue;
      }
      if (column.type === 'categorical') {
        if (!column.categories.map(String).includes(value))
          return `row ${index + 1}: ${name}="${value}" is not a category`;
        continue;
      }
      if (column.type !== 'numeric') throw new Error(`${name}: dates are checked by summarizeData(), not here`);
      const x = Number(value);
      if (value.trim() === '' || !Number.isFinite(x) || x < column.min || x > column.max) {
        return `row ${index + 1}: ${name}=${value} is outside [${column.min}, ${column.max}]`;
      }
      if (column.integer && !Number.isInteger(x)) return `row ${index + 1}: ${name}=${value} is not a whole number`;
    }
  }
  return null;
}

export function parseCsvRecords(text: string): { header: string[]; rows: Record<string, string>[]; errors: string[] } {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  return {
    header: parsed.meta.fields ?? [],
    rows: parsed.data,
    errors: parsed.errors.map((e) => `row ${e.row}: ${e.message}`),
  };
}
