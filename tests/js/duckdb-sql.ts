// Runs SQL in a throwaway in-memory DuckDB: the tests write their Parquet files so, and read the
// count query's result.
import { DuckDBInstance } from '@duckdb/node-api';

async function withDuckDb<T>(
  work: (connection: Awaited<ReturnType<DuckDBInstance['connect']>>) => Promise<T>,
): Promise<T> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    return await work(connection);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

export async function duckdb(sql: string): Promise<void> {
  await withDuckDb((connection) => connection.run(sql));
}

/** The rows of one query, as objects of column name to value. */
export async function duckdbRows(sql: string): Promise<Record<string, unknown>[]> {
  return withDuckDb(
    async (connection) => (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[],
  );
}
