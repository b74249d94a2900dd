// Which engine reads the data for `privsynth synth` (docs/scale.md): the row path (the CSV or
// Parquet file read in chunks into the core) or DuckDB (the run's count tables computed out of
// core). "auto" takes DuckDB when the run reads count tables (its mechanism accepts them and it has
// no mlTarget) and the file is Parquet or a CSV larger than DUCKDB_ABOVE_BYTES; the row path otherwise.
import { statSync } from 'node:fs';

import { countTables, fileFormatOf } from '../node.js';
import type { Engine } from './synth-options.js';

export const DUCKDB_ABOVE_BYTES = 1024 ** 3;

/**
 * countTables() with DuckDB's count query refuses what cannot run from count tables: a mechanism
 * that reads rows, mlTarget, a date column (not read in SQL yet).
 */
async function readsCountTables(schema: string, options: Record<string, unknown>): Promise<boolean> {
  try {
    const query = { dialect: 'duckdb', from: 'privsynth_source' };
    await countTables({ ...options, schema, query } as Parameters<typeof countTables>[0]);
    return true;
  } catch {
    return false; // the run itself reports a bad option; a mechanism that reads rows keeps the row path
  }
}

export async function chooseEngine(
  engine: Engine,
  dataPath: string,
  schema: string,
  options: Record<string, unknown>,
): Promise<'rows' | 'duckdb'> {
  if (engine !== 'auto') return engine;
  const large = fileFormatOf(dataPath) === 'parquet' || statSync(dataPath).size > DUCKDB_ABOVE_BYTES;
  return large && (await readsCountTables(schema, options)) ? 'duckdb' : 'rows';
}
