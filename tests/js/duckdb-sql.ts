// Runs one SQL statement in a throwaway in-memory DuckDB: the tests write their Parquet files so.
import { DuckDBInstance } from '@duckdb/node-api';

export async function duckdb(sql: string): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(sql);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
