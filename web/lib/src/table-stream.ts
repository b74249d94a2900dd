// The private table, whichever form it comes in: CSV text, a Blob/File of CSV, or a Blob/File of
// Parquet (recognised by its magic bytes). Both readers hand the same sink the same thing: the
// trimmed header, then rows of text cells in packed chunks.
import { readCsvChunks, type ReadProgress, type TableChunkSink } from './csv-stream.js';
import { isParquet, readParquetChunks } from './parquet-stream.js';

export interface TableReadHints {
  /** The columns the reader needs (a Parquet file's other columns are not read); all when absent. */
  columns?: readonly string[];
  /** The schema's missing-value tokens: a Parquet null becomes the first ("" when there is none). */
  missingTokens?: readonly string[];
}

export async function readTableChunks(
  source: string | Blob,
  sink: TableChunkSink,
  onProgress?: ReadProgress,
  hints: TableReadHints = {},
): Promise<void> {
  if (await isParquet(source)) {
    const nullText = hints.missingTokens?.[0] ?? '';
    return readParquetChunks(source as Blob, sink, onProgress, { columns: hints.columns, nullText });
  }
  return readCsvChunks(source, sink, onProgress);
}

/**
 * The hints a schema gives (schema JSON, already checked by the core or not), or a discovery request
 * (its columns described, or named): the names of the columns the core reads ("id" and "text"
 * columns are never read, but for the privacyUnit, whose identifiers group the rows into persons)
 * and its missing tokens.
 */
export function readHintsOfSchema(schemaJson: string): TableReadHints {
  try {
    const schema = JSON.parse(schemaJson) as {
      columns?: Array<string | { name?: unknown; type?: unknown }>;
      missing?: unknown;
      privacyUnit?: unknown;
    };
    const unit = typeof schema.privacyUnit === 'string' ? [schema.privacyUnit] : [];
    const columns = Array.isArray(schema.columns)
      ? [
          ...schema.columns
            .filter((column) => typeof column === 'string' || (column?.type !== 'id' && column?.type !== 'text'))
            .map((column) => (typeof column === 'string' ? column : column?.name))
            .filter((name): name is string => typeof name === 'string'),
          ...unit,
        ]
      : undefined;
    const missingTokens =
      schema.missing === undefined
        ? ['']
        : Array.isArray(schema.missing)
          ? schema.missing.filter((token): token is string => typeof token === 'string')
          : undefined;
    return { columns, missingTokens };
  } catch {
    return {}; // the core reports the schema's own error
  }
}
