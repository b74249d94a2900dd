// Which engine reads the data for `privsynth synth` (docs/scale.md): the row path (the CSV or
// Parquet file read in chunks into the core) or DuckDB (the run's count tables computed out of
// core). The choice is made from public inputs only -- the file's format, the --engine flag and the
// run's options -- never from the file's size or contents, and a release is the same whichever
// engine read the data (but for the receipt's "input", which states the choice). "auto" takes
// DuckDB for a Parquet file when the run reads count tables (its mechanism accepts them and it has
// no mlTarget); the row path otherwise. A CSV larger than the row path's limits needs
// --engine duckdb, which its error says.
import { countTables } from '../node.js';
import type { DuckDbFileFormat } from '../node.js';
import type { Engine } from './synth-options.js';

/**
 * countTables() with DuckDB's count query refuses what cannot run from count tables: a mechanism
 * that reads rows ("auto" included, when it chooses one), mlTarget, a date column.
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
  format: DuckDbFileFormat,
  schema: string,
  options: Record<string, unknown>,
): Promise<'rows' | 'duckdb'> {
  if (engine !== 'auto') return engine;
  return format === 'parquet' && (await readsCountTables(schema, options)) ? 'duckdb' : 'rows';
}
