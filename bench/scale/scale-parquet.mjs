// The scale benchmark's table as Parquet, written by DuckDB itself (bench/scale/scale.mjs): the
// same 20 columns and public schema as scale-data.mjs (10 categorical, 10 numeric, two latent
// factors, about 1% missing in the nullable columns), drawn in SQL from a hash of the row number,
// so any number of rows is written out of core in minutes. Typed columns: categories as text,
// numbers as INTEGER or DOUBLE. Deterministic; skipped when the file exists.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

import { DuckDBInstance } from '@duckdb/node-api';

import { LEVELS, scaleSchema } from './scale-data.mjs';

/** A uniform in (0, 1) from the row number and a stream number. */
const uniform = (stream) => `((hash(i * 64 + ${stream}) % 1000000007) + 0.5) / 1000000007.0`;
/** A standard normal (Box-Muller on two streams). */
const gaussian = (stream) => `(sqrt(-2 * ln(${uniform(stream)})) * cos(2 * pi() * ${uniform(stream + 1)}))`;
/** The normal CDF's logistic approximation, enough for a benchmark's structure. */
const cdf = (x) => `(1 / (1 + exp(-1.702 * (${x}))))`;

function columnsSql() {
  const columns = [];
  LEVELS.forEach((levels, i) => {
    const latent = `(${i % 2 === 0 ? 'a' : 'b'} * 0.8 + ${gaussian(10 + 2 * i)} * 0.6)`;
    const level = `least(${levels - 1}, CAST(floor(${cdf(latent)} * ${levels}) AS INTEGER))`;
    const value = `'L' || CAST(${level} AS VARCHAR)`;
    columns.push(
      `${i % 3 === 2 ? `CASE WHEN ${uniform(40 + i)} < 0.01 THEN NULL ELSE ${value} END` : value} AS cat${i + 1}`,
    );
  });
  for (let i = 0; i < 10; ++i) {
    const u = cdf(`(${i % 2 === 0 ? 'b' : 'a'} * 0.7 + ${gaussian(60 + 2 * i)} * 0.7)`);
    const value = i < 5 ? `CAST(round(${u} * 100) AS INTEGER)` : `round(${u} * 1000, 2)`;
    columns.push(
      `${i % 4 === 3 ? `CASE WHEN ${uniform(90 + i)} < 0.01 THEN NULL ELSE ${value} END` : value} AS num${i + 1}`,
    );
  }
  return columns.join(',\n  ');
}

/** Writes `rows` rows to parquetPath and the schema to schemaPath, unless the file exists. */
export async function ensureScaleParquet(parquetPath, schemaPath, rows) {
  mkdirSync(dirname(parquetPath), { recursive: true });
  writeFileSync(schemaPath, `${JSON.stringify(scaleSchema(), null, 1)}\n`);
  if (existsSync(parquetPath)) return;
  const instance = await DuckDBInstance.create(':memory:', { memory_limit: '2GB', preserve_insertion_order: 'false' });
  const connection = await instance.connect();
  const partial = `${parquetPath}.partial`;
  try {
    await connection.run(
      `COPY (
  SELECT ${columnsSql()}
  FROM (SELECT i, ${gaussian(0)} AS a, ${gaussian(2)} AS b FROM range(${rows}) AS r(i))
) TO '${partial}' (FORMAT parquet, ROW_GROUP_SIZE 1000000)`,
    );
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  renameSync(partial, parquetPath);
}
