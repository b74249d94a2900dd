import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import Papa from 'papaparse';

import type { Schema } from '../../web/lib/src/schema-types';

export function repoFile(relative: string): string {
  return fileURLToPath(new URL(`../../${relative}`, import.meta.url));
}

export const adultCsv = (): string => readFileSync(repoFile('data/adult/adult.csv'), 'utf8');
export const adultSchemaText = (): string => readFileSync(repoFile('data/adult/adult.schema.json'), 'utf8');
export const adultSchema = (): Schema => JSON.parse(adultSchemaText()) as Schema;
export const heartCsv = (): string => readFileSync(repoFile('data/heart/heart_cleveland.csv'), 'utf8');
export const heartSchemaText = (): string => readFileSync(repoFile('data/heart/heart_cleveland.schema.json'), 'utf8');

/** Columns of Adult that the reduced-space LP with a uniform reference handles well (see docs). */
export const ADULT_DEMO_COLUMNS = ['age', 'workclass', 'education', 'sex', 'race', 'income'];

/** Every cell of a CSV must lie in the schema's domain; returns the first violation or null. */
export function firstValueOutsideDomain(csv: string, schema: Schema): string | null {
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  if (parsed.errors.length > 0) return `CSV error: ${parsed.errors[0].message}`;
  const missing = new Set(schema.missing ?? ['']);
  for (const [index, row] of parsed.data.entries()) {
    for (const [name, value] of Object.entries(row)) {
      const column = schema.columns.find((c) => c.name === name);
      if (!column) return `unknown column ${name}`;
      if (missing.has(value)) {
        if (!column.nullable) return `row ${index + 1}: missing ${name} in a non-nullable column`;
        continue;
      }
      if (column.type === 'categorical') {
        if (!column.categories.map(String).includes(value)) return `row ${index + 1}: ${name}=${value} not a category`;
      } else {
        const x = Number(value);
        if (!Number.isFinite(x) || x < column.min || x > column.max) return `row ${index + 1}: ${name}=${value} outside range`;
        if (column.integer && !Number.isInteger(x)) return `row ${index + 1}: ${name}=${value} not a whole number`;
      }
    }
  }
  return null;
}
