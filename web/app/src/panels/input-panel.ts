// Step 1: the table to synthesize. A bundled sample, a file picker, or a file dropped on the zone:
// CSV or Parquet, read by the engine's worker in this tab (the library's table reader).
import { BUNDLED, type BundledId } from '../data/bundled';
import { parquetColumnNames } from 'privsynth';

import { countDataRows, headerOf, headerOfFile } from '../data/csv-peek';
import { h, panel, replaceChildren, show } from '../ui/dom';
import { formatBytes, formatInteger } from '../ui/format';
import type { DataInput, Store } from '../store';

function baseNameOf(fileName: string): string {
  return fileName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'data';
}

function sampleInput(id: BundledId): DataInput {
  const dataset = BUNDLED[id];
  return {
    label: `${dataset.fileName} (bundled ${dataset.title} sample)`,
    baseName: id,
    csv: dataset.csv,
    bytes: dataset.csv.length,
    rows: countDataRows(dataset.csv),
    header: headerOf(dataset.csv),
    sample: id,
  };
}

async function fileInput(file: File): Promise<DataInput> {
  const parquetColumns = await parquetColumnNames(file);
  return {
    label: parquetColumns ? `${file.name} (Parquet)` : file.name,
    baseName: baseNameOf(file.name),
    csv: file,
    bytes: file.size,
    rows: null,
    header: parquetColumns ?? (await headerOfFile(file)),
    sample: null,
  };
}

export function inputPanel(store: Store): HTMLElement {
  const summary = h('p', {
    class: 'input-summary',
    'data-testid': 'input-summary',
    role: 'status',
    'aria-live': 'polite',
  });
  const problem = h('p', { class: 'field-error', 'data-testid': 'input-error', role: 'alert', hidden: true });

  const useFile = async (file: File | undefined) => {
    show(problem, false);
    if (!file) return;
    try {
      store.set({ input: await fileInput(file) });
    } catch (error) {
      problem.textContent = `Could not read "${file.name}": ${error instanceof Error ? error.message : String(error)}`;
      show(problem, true);
    }
  };

  const picker = h('input', {
    type: 'file',
    id: 'csv-file',
    accept: '.csv,text/csv,text/plain,.parquet,application/vnd.apache.parquet',
    class: 'file-input',
    'data-testid': 'file-input',
    onchange: () => {
      // Reset the picker afterwards, so that choosing the same file again reloads it.
      void useFile(picker.files?.[0]).finally(() => (picker.value = ''));
    },
  });

  const dropZone = h(
    'div',
    { class: 'drop-zone', 'data-testid': 'drop-zone' },
    h('p', { class: 'drop-zone__lead' }, 'Drop a CSV or Parquet file here'),
    h('p', { class: 'drop-zone__or' }, 'or'),
    h('label', { for: 'csv-file', class: 'drop-zone__label' }, 'Choose a CSV or Parquet file'),
    picker,
    h(
      'p',
      { class: 'hint' },
      "A CSV's first row must hold the column names. The file is read by this page only; nothing is uploaded.",
    ),
  );
  const setDragging = (on: boolean) => dropZone.classList.toggle('drop-zone--active', on);
  dropZone.addEventListener('dragover', (event) => {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  });
  dropZone.addEventListener('dragleave', () => setDragging(false));
  dropZone.addEventListener('drop', (event) => {
    event.preventDefault();
    setDragging(false);
    void useFile(event.dataTransfer?.files[0]);
  });

  const sampleButton = (id: BundledId, testId: string, text: string) =>
    h(
      'button',
      {
        type: 'button',
        class: 'button button--secondary',
        'data-testid': testId,
        onclick: () => store.set({ input: sampleInput(id) }),
      },
      text,
    );

  store.watch(
    (state) => [state.input],
    (state) => {
      const input = state.input;
      if (!input) {
        replaceChildren(summary, 'No data loaded yet.');
        return;
      }
      const facts = [formatBytes(input.bytes)];
      if (input.rows !== null) facts.push(`${formatInteger(input.rows)} rows`);
      if (input.header) facts.push(`${input.header.length} columns`);
      replaceChildren(
        summary,
        h('span', { class: 'check', 'aria-hidden': 'true' }, '✓ '),
        'Loaded ',
        h('strong', {}, input.label),
        ` · ${facts.join(' · ')}`,
      );
    },
  );

  return panel(
    '1. Your data',
    'input-panel',
    h(
      'div',
      { class: 'sample-buttons' },
      sampleButton('adult', 'use-sample', 'Use the bundled sample (UCI Adult, 48,842 rows)'),
      sampleButton('heart', 'use-heart-sample', 'Heart disease sample (Cleveland, 303 rows)'),
    ),
    dropZone,
    problem,
    summary,
  );
}
