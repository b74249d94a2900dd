// Streaming CSV reading with PapaParse: the text is decoded and parsed a few MiB at a time and each
// chunk of rows is handed over packed (csv.ts packRows) and then dropped, so a 200 MB file never
// exists as millions of JS strings. Works the same in browsers, Web Workers and Node 20.
import Papa from 'papaparse';

import {
  isBlankRow,
  packRows,
  PARSE_OPTIONS,
  recordsOf,
  throwIfMalformed,
  withLineFeeds,
  type PackedCells,
} from './csv.js';
import { errorFromCode } from './errors.js';

/** Text is handed to the parser in pieces of about this many characters (by default). */
const PIECE_CHARS = 4 * 1024 * 1024;

/** Where a reader (CSV or Parquet) hands the table: its header, then its rows in chunks. */
export interface TableChunkSink {
  /** Called once, with the trimmed column names of the header row, before any rows. */
  header(names: string[]): void;
  /** Data rows (no header), packed; each row has header.length cells. */
  rows(chunk: PackedCells): void;
}

/** A sink that takes the records as text (DuckDB's loader, duckdb-counts.ts): no packing. */
export interface CsvRecordSink {
  /** Called once, with the trimmed column names of the header row, before any records. */
  header(names: string[]): void;
  /** Data records (no header), each with header.length cells. */
  records(rows: string[][]): void;
}

/** Fraction of the input read so far, in [0, 1], and the data rows parsed so far. */
export type ReadProgress = (fraction: number, rows: number) => void;

/**
 * The minimal Node-style readable stream PapaParse's ReadableStreamStreamer drives ('data', 'end' and
 * 'error' events), fed from a pull loop over text pieces. Keeps one code path for strings and Blobs
 * in every environment (PapaParse's own Blob reader needs FileReader, which Node lacks, and slices
 * bytes, which can split a UTF-8 character).
 */
class TextPieceStream {
  readonly readable = true;
  private readonly listeners = new Map<string, (value?: unknown) => void>();
  read(): void {}
  pause(): void {}
  resume(): void {}
  on(event: string, listener: (value?: unknown) => void): this {
    this.listeners.set(event, listener);
    return this;
  }
  removeListener(event: string): this {
    this.listeners.delete(event);
    return this;
  }
  emit(event: 'data' | 'end' | 'error', value?: unknown): void {
    this.listeners.get(event)?.(value);
  }
}

/**
 * Where the piece of `text` that starts at `start` ends: `pieceChars` on, or one character later
 * rather than right after a "\r". PapaParse's streamer reads a quoted field followed by a "\r" that
 * ends a piece as a malformed quote (its newline "\r\n" is only whole in the next piece), so a
 * CSV with "\r\n" line breaks was refused when a boundary fell there.
 */
function pieceEnd(text: string, start: number, pieceChars: number): number {
  const end = Math.min(text.length, start + pieceChars);
  return end < text.length && text[end - 1] === '\r' ? end + 1 : end;
}

/** The text of `source` in pieces, with the share of the input each piece ends at. */
async function* textPieces(source: string | Blob, pieceChars: number): AsyncGenerator<{ text: string; done: number }> {
  if (typeof source === 'string') {
    const text = source.replace(/^\uFEFF/, '');
    for (let start = 0, end = 0; start < text.length; start = end) {
      end = pieceEnd(text, start, pieceChars);
      yield { text: withLineFeeds(text.slice(start, end)), done: end / text.length };
    }
    return;
  }
  // TextDecoderStream keeps a character split between two reads whole, and drops a BOM.
  let bytesRead = 0;
  const counted = (source.stream() as ReadableStream<Uint8Array<ArrayBuffer>>).pipeThrough(
    new TransformStream<Uint8Array<ArrayBuffer>, BufferSource>({
      transform(bytes, controller) {
        bytesRead += bytes.byteLength;
        controller.enqueue(bytes);
      },
    }),
  );
  const reader = counted.pipeThrough(new TextDecoderStream('utf-8', { fatal: true })).getReader();
  let pending: string[] = [];
  let pendingLength = 0;
  let previousShare = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (value) {
        pending.push(value);
        pendingLength += value.length;
      }
      if (pendingLength >= pieceChars || (done && pendingLength > 0)) {
        // A read can be large (Node reads an in-memory Blob at once): hand it over in pieces. A final
        // "\r" waits for what follows it (pieceEnd).
        let text = pending.join('');
        pending = [];
        pendingLength = 0;
        if (!done && text.endsWith('\r')) {
          text = text.slice(0, -1);
          pending = ['\r'];
          pendingLength = 1;
        }
        const share = source.size > 0 ? bytesRead / source.size : 1;
        for (let start = 0, end = 0; start < text.length; start = end) {
          end = pieceEnd(text, start, pieceChars);
          yield {
            text: withLineFeeds(text.slice(start, end)),
            done: share * (end / text.length) + previousShare * (1 - end / text.length),
          };
        }
        previousShare = share;
      }
      if (done) return;
    }
  } catch (error) {
    if (error instanceof TypeError) throw errorFromCode('INVALID_CSV', 'the file is not UTF-8 text');
    throw error;
  } finally {
    reader.releaseLock();
  }
}

/**
 * Reads `source` (CSV text with a header row, or a Blob/File holding it) chunk by chunk into `sink`.
 * Malformed input is a DataError naming the row; an exception thrown by the sink stops the reading
 * and is rethrown. `pieceChars` is for tests (small pieces put chunk boundaries everywhere).
 * The records are parseCsv()'s: blank lines before the header are skipped, and after it every line
 * is a record (a blank one of empty cells, csv.ts recordsOf) but for a final line break, after
 * which PapaParse's streamer has no text left to read as a row.
 */
export async function readCsvChunks(
  source: string | Blob,
  sink: TableChunkSink | CsvRecordSink,
  onProgress?: ReadProgress,
  pieceChars = PIECE_CHARS,
): Promise<void> {
  const stream = new TextPieceStream();
  let width = -1; // columns of the header, once read
  let recordsBefore = 0; // records (blank lines before the header and the header included) in earlier chunks
  let dataRows = 0; // records after the header so far
  let failure: unknown;
  const finished = new Promise<void>((resolve) => {
    Papa.parse<string[]>(stream as unknown as NodeJS.ReadableStream, {
      ...PARSE_OPTIONS,
      chunk(results, parser) {
        try {
          throwIfMalformed(results.errors, recordsBefore);
          const rows = results.data;
          let first = 0; // the first data row of this chunk
          if (width < 0) {
            while (first < rows.length && isBlankRow(rows[first])) first += 1;
            if (first < rows.length) {
              const names = rows[first].map((name) => name.trim());
              width = names.length;
              sink.header(names);
              first += 1;
            }
          }
          if (width >= 0 && first < rows.length) {
            const records = recordsOf(first === 0 ? rows : rows.slice(first), width, recordsBefore + first);
            if ('records' in sink) sink.records(records);
            else sink.rows(packRows(records, width));
            dataRows += records.length;
          }
          recordsBefore += rows.length;
        } catch (error) {
          failure = error;
          parser.abort();
        }
      },
      complete: () => resolve(),
      error: (error: Error) => {
        failure ??= error;
        resolve();
      },
    });
  });
  for await (const piece of textPieces(source, pieceChars)) {
    if (failure !== undefined) break;
    stream.emit('data', piece.text);
    onProgress?.(piece.done, dataRows);
  }
  if (failure === undefined) stream.emit('end');
  await finished;
  if (failure !== undefined) throw failure;
  if (width < 0) throw errorFromCode('EMPTY_DATA', 'the CSV is empty: it needs a header row');
}
