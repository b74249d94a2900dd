import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import Papa from 'papaparse';
import { expect } from 'vitest';

import type { InputSource } from '../../web/lib/src/options-types';
import type { PrivacyReceipt, Schema } from '../../web/lib/src/generated/contract-types';
import type { SynthesisResult } from '../../web/lib/src/types';

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
      if (column.type === 'id' || column.type === 'text') continue; // made by the library, not measured
      if (missing.has(value)) {
        if (!column.nullable) return `row ${index + 1}: missing ${name} in a non-nullable column`;
        continue;
      }
      if (column.type === 'categorical') {
        if (!column.categories.map(String).includes(value)) return `row ${index + 1}: ${name}=${value} not a category`;
      } else {
        if (column.type !== 'numeric') throw new Error(`${name}: dates are checked by summarizeData(), not here`);
        const x = Number(value);
        if (!Number.isFinite(x) || x < column.min || x > column.max)
          return `row ${index + 1}: ${name}=${value} outside range`;
        if (column.integer && !Number.isInteger(x)) return `row ${index + 1}: ${name}=${value} not a whole number`;
      }
    }
  }
  return null;
}

/** Balog et al.'s 2-D Gaussian mixture (100,000 points) and its public schema. */
export const mixtureCsv = (): string =>
  readFileSync(repoFile('data/mixture-of-gaussians/mixture_of_Gaussians_N100000_D2.csv'), 'utf8');
export const mixtureSchemaText = (): string =>
  readFileSync(repoFile('data/mixture-of-gaussians/mixture_of_Gaussians_N100000_D2.schema.json'), 'utf8');

/** Means and covariance matrix (population) of the numeric columns of a CSV. */
export function momentsOf(csv: string): { mean: number[]; covariance: number[][] } {
  const rows = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true })
    .data.slice(1)
    .map((row) => row.map(Number));
  const p = rows[0].length;
  const mean = Array.from({ length: p }, (_, j) => rows.reduce((sum, row) => sum + row[j], 0) / rows.length);
  const covariance = mean.map((_, i) =>
    mean.map((__, j) => rows.reduce((sum, row) => sum + (row[i] - mean[i]) * (row[j] - mean[j]), 0) / rows.length),
  );
  return { mean, covariance };
}

/**
 * Two releases of the same data read by different engines agree byte for byte but for what the
 * caller chose: receipt.input (which engine read which format) and privacy.tablesCovered, which
 * follows from it (finding 2 of issue 33).
 */
export function expectSameRelease(
  expected: SynthesisResult,
  other: SynthesisResult,
  sources: { expected: InputSource; other: InputSource },
): void {
  expect(other.csv).toBe(expected.csv);
  expect(expected.receipt.input.source).toBe(sources.expected);
  expect(other.receipt.input.source).toBe(sources.other);
  const withoutInput = ({ input, ...receipt }: PrivacyReceipt) => {
    void input;
    const { tablesCovered, ...privacy } = receipt.privacy;
    void tablesCovered;
    return { ...receipt, privacy };
  };
  expect(withoutInput(other.receipt)).toEqual(withoutInput(expected.receipt));
}
