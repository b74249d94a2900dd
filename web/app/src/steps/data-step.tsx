// Step 1: the table to synthesize. A bundled sample, a file picker, or a file dropped on the zone:
// CSV or Parquet. The start of a CSV is checked here (data/table-check.ts), so that a file that
// cannot be a table shows its problem in this step and is never marked loaded; the whole file is
// read by the engine's worker at run time.
import { parquetColumnNames } from 'privsynth';
import { useSignal } from '@preact/signals';

import { BUNDLED, type BundledId } from '../data/bundled';
import { countDataRows, headerOf } from '../data/csv-peek';
import { checkTableFile } from '../data/table-check';
import { inputKey } from '../privacy-ledger/ledger';
import type { AppState, DataInput, Store } from '../store';
import { formatBytes, formatInteger } from '../ui/format';
import { Step } from './step';

function baseNameOf(fileName: string): string {
  return fileName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'data';
}

function sampleInput(id: BundledId): DataInput {
  const dataset = BUNDLED[id];
  const label = `${dataset.fileName} (bundled ${dataset.title} sample)`;
  return {
    label,
    baseName: id,
    csv: dataset.csv,
    bytes: dataset.csv.length,
    rows: countDataRows(dataset.csv),
    header: headerOf(dataset.csv),
    sample: id,
    key: inputKey({ label, csv: dataset.csv }),
  };
}

/** The file as an input, or the reason it cannot be one. */
async function fileInput(file: File): Promise<DataInput | string> {
  const parquetColumns = await parquetColumnNames(file);
  if (!parquetColumns && /\.parquet$/i.test(file.name)) {
    return 'This file is named .parquet but is not a Parquet file. Choose a Parquet or a CSV file.';
  }
  let header = parquetColumns;
  if (!header) {
    const check = await checkTableFile(file);
    if (!check.ok) return check.problem;
    header = check.table.header;
  }
  const label = parquetColumns ? `${file.name} (Parquet)` : file.name;
  return {
    label,
    baseName: baseNameOf(file.name),
    csv: file,
    bytes: file.size,
    rows: null,
    header,
    sample: null,
    key: inputKey({ label, csv: file }),
  };
}

/** What changes with a new table: the previous table's results, failures and counts go. */
function newInput(input: DataInput | null, inputProblem: string | null): Partial<AppState> {
  return { input, inputProblem, result: null, failure: null, fileRows: null, overLimitAccepted: false };
}

function Summary({ input }: { input: DataInput }) {
  const facts = [formatBytes(input.bytes)];
  if (input.rows !== null) facts.push(`${formatInteger(input.rows)} rows`);
  if (input.header) facts.push(`${input.header.length} columns`);
  return (
    <>
      <span class="check" aria-hidden="true">
        ✓{' '}
      </span>
      Loaded <strong>{input.label}</strong> · {facts.join(' · ')}
    </>
  );
}

export function DataStep({ store }: { store: Store }) {
  const { input, inputProblem, running } = store.state.value;
  const dragging = useSignal(false);
  const reading = useSignal<string | null>(null);

  const useFile = async (file: File | undefined) => {
    if (!file) return;
    reading.value = file.name;
    try {
      const read = await fileInput(file);
      if (typeof read === 'string') store.set(newInput(null, `"${file.name}" cannot be used. ${read}`));
      else store.set(newInput(read, null));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      store.set(newInput(null, `Could not read "${file.name}": ${reason}`));
    } finally {
      reading.value = null;
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    dragging.value = false;
    void useFile(event.dataTransfer?.files[0]);
  };

  return (
    <Step number={1} title="Your data" testId="input-panel" done={input !== null}>
      <div class="sample-buttons">
        <button
          type="button"
          class="button button--secondary"
          data-testid="use-sample"
          disabled={running}
          onClick={() => store.set(newInput(sampleInput('adult'), null))}
        >
          Try the bundled sample (census, 48,842 rows)
        </button>
        <button
          type="button"
          class="button button--secondary"
          data-testid="use-heart-sample"
          disabled={running}
          onClick={() => store.set(newInput(sampleInput('heart'), null))}
        >
          Heart disease sample (303 patients)
        </button>
        <button
          type="button"
          class="button button--secondary"
          data-testid="use-visits-sample"
          disabled={running}
          onClick={() => store.set(newInput(sampleInput('visits'), null))}
        >
          Hospital visits (several rows per patient)
        </button>
      </div>
      <div
        class={`drop-zone${dragging.value ? ' drop-zone--active' : ''}`}
        data-testid="drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
          dragging.value = true;
        }}
        onDragLeave={() => (dragging.value = false)}
        onDrop={onDrop}
      >
        <p class="drop-zone__lead">Drop your CSV or Parquet file here</p>
        <p class="drop-zone__or">or</p>
        <label for="csv-file" class="drop-zone__label">
          Choose a file
        </label>
        <input
          type="file"
          id="csv-file"
          accept=".csv,text/csv,text/plain,.parquet,application/vnd.apache.parquet"
          class="file-input"
          data-testid="file-input"
          disabled={running}
          onChange={(event) => {
            const picker = event.currentTarget;
            // Reset the picker afterwards, so that choosing the same file again reloads it.
            void useFile(picker.files?.[0]).finally(() => (picker.value = ''));
          }}
        />
        <p class="hint">
          The first row must hold the column names. Your file is read by this page only; nothing is uploaded.
        </p>
      </div>
      <p class="field-error" data-testid="input-error" role="alert" hidden={inputProblem === null}>
        {inputProblem}
      </p>
      <p class="input-summary" data-testid="input-summary" role="status" aria-live="polite">
        {reading.value ? (
          `Reading ${reading.value}…`
        ) : input ? (
          <Summary input={input} />
        ) : inputProblem ? (
          'No data loaded.'
        ) : (
          'No data loaded yet.'
        )}
      </p>
    </Step>
  );
}
