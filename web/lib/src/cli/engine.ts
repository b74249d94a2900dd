// Which engine reads the data for `privsynth synth` (docs/scale.md): the row path (the CSV read in
// chunks into the core) or DuckDB (the run's count tables computed out of core). "auto" takes
// DuckDB for Parquet, and for a CSV larger than DUCKDB_ABOVE_BYTES when the run reads count tables
// (its mechanism accepts them and it has no mlTarget); the row path otherwise.
import { statSync } from 'node:fs';

import { countTables, fileFormatOf } from '../node.js';
import { UsageError } from './failure.js';
import type { Engine } from './synth-options.js';

export const DUCKDB_ABOVE_BYTES = 1024 ** 3;

/** countTables() refuses what cannot run from count tables: a mechanism that reads rows, mlTarget. */
async function readsCountTables(schema: string, options: Record<string, unknown>): Promise<boolean> {
  try {
    await countTables({ ...options, schema } as Parameters<typeof countTables>[0]);
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
  const parquet = fileFormatOf(dataPath) === 'parquet';
  if (engine === 'rows' && parquet) {
    throw new UsageError(`${dataPath} is a Parquet file: the row engine reads CSV; use --engine duckdb (or auto)`);
  }
  if (engine !== 'auto') return engine;
  if (parquet) return 'duckdb';
  return statSync(dataPath).size > DUCKDB_ABOVE_BYTES && (await readsCountTables(schema, options)) ? 'duckdb' : 'rows';
}
