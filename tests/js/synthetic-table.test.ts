// The chunked CSV writer of the synthetic table must write what Papa.unparse writes for the same
// cells (quoting included), and the table must carry the schema's labels.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import type { Schema } from '../../web/lib/src/generated/contract-types';
import {
  resultBuffers,
  syntheticCsv,
  syntheticTable,
  weightColumnName,
  weightedCentres,
} from '../../web/lib/src/synthetic-table';
import type { SynthesisResult } from '../../web/lib/src/types';

const schema: Schema = {
  version: 1,
  missing: ['NA'],
  columns: [
    {
      name: 'city, state',
      type: 'categorical',
      categories: ['Zürich', 'a,b', 'say "hi"', ' padded ', 'two\nlines'],
      nullable: true,
    },
    { name: 'age', type: 'numeric', min: 0, max: 120, integer: true, nullable: true },
    { name: 'score', type: 'numeric', min: 0, max: 1 },
  ],
} as Schema;

describe('the synthetic table and its CSV', () => {
  it('writes the cells Papa.unparse writes, over several chunks', () => {
    const rows = 40_000;
    const codes = Int32Array.from({ length: rows }, (_, i) => (i % 7 === 6 ? -1 : i % 5));
    const ages = Float64Array.from({ length: rows }, (_, i) => (i % 11 === 0 ? NaN : (i * 7.3) % 120));
    const scores = Float64Array.from({ length: rows }, (_, i) => (i * 0.123456789) % 1);
    const table = syntheticTable(schema, [
      { name: 'city, state', kind: 'categorical', categories: codes },
      { name: 'age', kind: 'numeric', numbers: ages },
      { name: 'score', kind: 'numeric', numbers: scores },
    ]);
    expect(table[0]).toMatchObject({
      kind: 'categorical',
      labels: ['Zürich', 'a,b', 'say "hi"', ' padded ', 'two\nlines'],
    });
    expect(resultBuffers({ table } as SynthesisResult)).toEqual([codes.buffer, ages.buffer, scores.buffer]);
    const labels = ['Zürich', 'a,b', 'say "hi"', ' padded ', 'two\nlines'];
    const data = Array.from({ length: rows }, (_, i) => [
      codes[i] < 0 ? 'NA' : labels[codes[i]],
      Number.isNaN(ages[i]) ? 'NA' : String(Math.round(ages[i])),
      String(Number(scores[i].toFixed(5))),
    ]);
    const expected = Papa.unparse({ fields: ['city, state', 'age', 'score'], data }, { newline: '\n' });
    expect(syntheticCsv(schema, table, rows)).toBe(expected);
    // And it reads back as the same cells.
    expect(Papa.parse<string[]>(syntheticCsv(schema, table, rows)).data.slice(1)).toEqual(data);
  });

  it('writes only the header for an empty table', () => {
    const table = syntheticTable(schema, [
      { name: 'city, state', kind: 'categorical', categories: new Int32Array(0) },
      { name: 'age', kind: 'numeric', numbers: new Float64Array(0) },
      { name: 'score', kind: 'numeric', numbers: new Float64Array(0) },
    ]);
    expect(syntheticCsv(schema, table, 0)).toBe('"city, state",age,score');
  });

  it('writes weighted centres with unrounded integer columns and a weight column, and transfers their buffers', () => {
    const codes = Int32Array.from([0, 1, -1]);
    const ages = Float64Array.from([7.5, 112.5, 52.5]);
    const scores = Float64Array.from([0.125, 0.375, 0.875]);
    const weights = Float64Array.from([12, 40, 7]);
    const centres = weightedCentres(schema, {
      rows: 3,
      columns: [
        { name: 'city, state', kind: 'categorical', categories: codes },
        { name: 'age', kind: 'numeric', numbers: ages },
        { name: 'score', kind: 'numeric', numbers: scores },
      ],
      weights,
    });
    expect(centres.columns).toEqual(['city, state', 'age', 'score']);
    expect(centres.csv).toBe(
      '"city, state",age,score,weight\nZürich,7.5,0.125,12\n"a,b",112.5,0.375,40\nNA,52.5,0.875,7',
    );
    const result = { table: centres.table, weightedCentres: centres } as SynthesisResult;
    expect(resultBuffers(result)).toEqual([
      codes.buffer,
      ages.buffer,
      scores.buffer,
      codes.buffer,
      ages.buffer,
      scores.buffer,
      weights.buffer,
    ]);
  });

  it('names the weight column so that it never collides with a schema column', () => {
    expect(weightColumnName(['x', 'y'])).toBe('weight');
    expect(weightColumnName(['weight', 'weight_'])).toBe('weight__');
  });
});
