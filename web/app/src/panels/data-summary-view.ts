// Between steps 2 and 3: the chosen data read against the chosen schema before anything is spent
// (the library's summarizeData(), in the worker). It shows rows read, kept and rejected, the CSV
// columns the schema ignores, and per column the missing and out-of-domain values. The counts are
// exact counts of the real data: for the data owner's eyes only. A library error (a column the CSV
// lacks, malformed CSV, a value outside the domain with the "error" policy) shows here at once.
import { type DataSummary, type OutOfDomainPolicy, summarizeData } from 'privsynth';

import { definitionList, h, panel, replaceChildren } from '../ui/dom';
import { LatestRequest, SUPERSEDED } from '../engine/latest-request';
import { formatInteger, formatList } from '../ui/format';
import { failureOf, type AppState, type FailureInfo, type Store } from '../store';

type ColumnSummary = DataSummary['columns'][number];

type Count = keyof Omit<ColumnSummary, 'name'>;

/** What became of a column's values outside the domain: [count, singular, plural]. */
const OUTSIDE: Array<[Count, string, string]> = [
  ['clamped', 'clamped', 'clamped'],
  ['mappedToMissing', 'mapped to missing', 'mapped to missing'],
  ['rejectedRows', 'row rejected', 'rows rejected'],
];

const ERROR_HINTS: Record<string, string> = {
  INVALID_DATA:
    'A run with these inputs would stop with this error. Check that the CSV holds every column of the schema, or let values outside the domain be clamped or rejected (step 2, Advanced: “Values outside the schema”).',
  INVALID_CSV:
    'A run would stop with this error. Check the file’s quoting, and that every row has as many fields as the header.',
};

/** "1 value is" / "2 values are". */
const counted = (n: number, one: string, many: string) => `${formatInteger(n)} ${n === 1 ? one : many}`;

const total = (summary: DataSummary, field: Count) => summary.columns.reduce((sum, column) => sum + column[field], 0);

/** A value outside the domain was clamped, mapped to missing, or rejected its row. */
const hasProblem = (column: ColumnSummary) => column.clamped + column.mappedToMissing + column.rejectedRows > 0;

/** The one-line verdict, and whether every row fits as it is. */
function verdictOf(summary: DataSummary): { text: string; fits: boolean } {
  if (summary.inputRows === 0) return { text: 'The file has no data rows.', fits: false };
  const clamped = total(summary, 'clamped');
  const mapped = total(summary, 'mappedToMissing');
  const parts: string[] = [];
  if (clamped + mapped > 0) {
    const how = clamped && mapped ? 'clamped or mapped to missing' : clamped ? 'clamped' : 'mapped to missing';
    parts.push(
      `${counted(clamped + mapped, 'value is', 'values are')} outside the schema’s domain: ${clamped + mapped === 1 ? 'it' : 'they'} will be ${how}`,
    );
  }
  if (summary.rejectedRows > 0) {
    // A missing value in a column that is not nullable is outside its domain too.
    parts.push(`${counted(summary.rejectedRows, 'row', 'rows')} will be left out for a value outside the domain`);
  }
  if (parts.length === 0) return { text: `All ${formatInteger(summary.inputRows)} rows fit the schema.`, fits: true };
  return { text: `${parts.join('; ')} (see the table).`, fits: false };
}

/** "1 clamped, 2 rows rejected" (each count in a span named by data-count), or "none". */
function outsideCell(column: ColumnSummary): HTMLTableCellElement {
  const parts = OUTSIDE.filter(([field]) => column[field] > 0).map(([field, one, many]) =>
    h('span', { 'data-count': field }, counted(column[field], one, many)),
  );
  if (parts.length === 0) return h('td', {}, 'none');
  return h('td', {}, ...parts.flatMap((part, i) => (i === 0 ? [part] : [', ', part])));
}

/** Three columns, so that the table fits a phone's width without scrolling. */
function columnTable(summary: DataSummary): HTMLElement {
  return h(
    'div',
    { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Missing and out-of-domain values per column' },
    h(
      'table',
      { class: 'data-table data-summary__table', 'data-testid': 'data-summary-table' },
      h(
        'caption',
        {},
        'Per column: missing values, and what becomes of the values outside the domain (highlighted: columns that have some)',
      ),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Column'),
          h('th', { scope: 'col', class: 'numeric' }, 'Missing'),
          h('th', { scope: 'col' }, 'Outside the domain'),
        ),
      ),
      h(
        'tbody',
        {},
        ...summary.columns.map((column) => {
          const problem = hasProblem(column);
          return h(
            'tr',
            { 'data-column': column.name, class: problem ? 'data-summary__problem' : null },
            h(
              'th',
              { scope: 'row' },
              problem ? h('span', { class: 'data-summary__mark', 'aria-hidden': 'true' }, '⚠ ') : null,
              column.name,
            ),
            h('td', { class: 'numeric', 'data-count': 'missing' }, formatInteger(column.missing)),
            outsideCell(column),
          );
        }),
      ),
    ),
  );
}

function summaryBody(summary: DataSummary): HTMLElement[] {
  const outside = summary.columns.some(hasProblem);
  return [
    definitionList([
      ['Rows read', formatInteger(summary.inputRows)],
      ['Rows kept', formatInteger(summary.keptRows)],
      ['Rows rejected', formatInteger(summary.rejectedRows)],
      ['CSV columns the schema ignores', summary.ignoredColumns.length ? formatList(summary.ignoredColumns) : 'none'],
    ]),
    // Each column, one click away; opened when some column has values outside the schema.
    h(
      'details',
      { class: 'data-summary__columns', open: outside },
      h('summary', {}, 'Each column: missing values and values outside the schema'),
      columnTable(summary),
      outside
        ? h(
            'p',
            { class: 'hint' },
            'What happens to values outside the domain is set in step 2, under Advanced: “Values outside the schema”.',
          )
        : null,
    ),
  ];
}

export function dataSummaryView(store: Store): HTMLElement {
  const status = h('p', {
    class: 'data-summary__status',
    'data-testid': 'data-summary-status',
    role: 'status',
    'aria-live': 'polite',
  });
  const body = h('div', { class: 'data-summary__body', 'data-testid': 'data-summary-body' });
  const requests = new LatestRequest();
  // Parameters are null while a field of step 2 is invalid: the policy chosen last still holds.
  let policy: OutOfDomainPolicy = 'clamp';
  const policyOf = (state: AppState) => (policy = state.parameters?.outOfDomain ?? policy);

  const setStatus = (kind: 'idle' | 'busy' | 'ok' | 'warning' | 'error', ...content: Array<Node | string>) => {
    status.dataset.state = kind;
    replaceChildren(status, ...content);
  };

  /** The last summary stays in place (dimmed) until the next one replaces it: no layout jump. */
  const markBusy = () => {
    setStatus('busy', 'Checking the data against the schema…');
    body.setAttribute('aria-busy', 'true');
  };

  const showFailure = (failure: FailureInfo) => {
    setStatus(
      'error',
      h('code', { class: 'error-code' }, failure.code),
      ' ',
      h('span', { 'data-testid': 'data-summary-error' }, failure.message),
    );
    replaceChildren(body, ERROR_HINTS[failure.code] ? h('p', { class: 'hint' }, ERROR_HINTS[failure.code]) : null);
    body.removeAttribute('aria-busy');
  };

  const check = async (csv: string | File, schemaText: string, outOfDomain: OutOfDomainPolicy) => {
    markBusy();
    try {
      // On the engine's one warm worker, after the calls queued before it; a superseded one is skipped.
      const summary = await requests.ask(() => summarizeData({ csv, schema: schemaText, outOfDomain }));
      if (summary === SUPERSEDED) return;
      // Every data row of the file, valid or not: the public n of a mechanism whose neighbours
      // replace one record (its run publishes it). The rows kept are not passed on: how many records
      // were invalid is private.
      const input = store.get().input;
      if (input && input.csv === csv) {
        store.set({ fileRows: { input, rows: summary.inputRows, keptRows: summary.keptRows, schema: schemaText } });
      }
      const verdict = verdictOf(summary);
      setStatus(verdict.fits ? 'ok' : 'warning', h('span', { 'data-testid': 'data-summary-verdict' }, verdict.text));
      replaceChildren(body, ...summaryBody(summary));
      body.removeAttribute('aria-busy');
    } catch (error) {
      showFailure(failureOf(error));
    }
  };

  // What the summary on screen (or on its way) was asked for: a run's end does not repeat it.
  let checked: unknown[] = [];
  /** Drops the answer on its way, if any: the next one is asked for once it can be. */
  const wait = () => {
    requests.drop();
    checked = [];
    markBusy();
  };
  store.watch(
    (state) => [
      state.input,
      state.runSchema,
      state.schemaBusy,
      state.schemaInRun,
      policyOf(state),
      state.engineReady,
      state.running,
    ],
    // The schema as the run gets it, with who is a person written in (persons/person-choice.ts).
    ({ input, runSchema: schema, schemaBusy, engineReady, running }) => {
      if (!input || (!schema && !schemaBusy)) {
        requests.drop();
        checked = [];
        setStatus(
          'idle',
          input && store.get().schemaInRun
            ? 'Your data is checked against the kinds the run finds when it starts; the report shows what was kept.'
            : input
              ? 'Choose a valid schema (step 2) to see how your data fits it.'
              : 'Choose the data (step 1) and a schema (step 2) to see how they fit, before anything is spent.',
        );
        replaceChildren(body);
        body.removeAttribute('aria-busy');
        return;
      }
      // A new schema is being validated, or the engine is starting: the summary follows.
      if (schemaBusy || !engineReady || !schema) {
        wait();
        return;
      }
      const wanted = [input, schema, policy];
      if (wanted.every((value, i) => value === checked[i])) return;
      // A run holds the engine's worker: a change made meanwhile is checked when it ends.
      if (running) {
        wait();
        return;
      }
      checked = wanted;
      void check(input.csv, schema.text, policy);
    },
  );

  const element = panel(
    'Your data against the schema',
    'data-summary',
    h(
      'p',
      { class: 'eyes-only' },
      h('strong', {}, 'Computed on your real data: for your eyes only. '),
      'Nothing is released and no privacy budget is spent.',
    ),
    status,
    body,
  );
  element.classList.add('data-summary');
  return element;
}
