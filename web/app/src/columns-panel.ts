// Step 3: which schema columns to synthesize, with a live estimate of the workload's size.
import type { SchemaColumn } from 'privsynth';

import { BUNDLED } from './bundled';
import { h, panel, replaceChildren, show } from './dom';
import { cellNoiseScale, estimateWorkload, LARGE_WORKLOAD, levelCount } from './estimate';
import { formatInteger, formatList } from './format';
import { budgetSplit } from './reference-choice';
import type { AppState, Mechanism, Store } from './store';
import { oneWayNoiseStd, zcdpRho } from './zcdp-budget';

function describeColumn(column: SchemaColumn): string {
  const levels = levelCount(column);
  const missing = column.nullable ? ' (incl. missing)' : '';
  if (column.type === 'categorical') return `categorical · ${levels} levels${missing}`;
  return `numeric ${column.min}–${column.max} · ${levels} levels${missing}`;
}

/** The bundled Adult sample starts with six columns; everything else with every column. */
function defaultColumns(state: AppState): string[] {
  const names = state.schema?.schema.columns.map((c) => c.name) ?? [];
  const sample = state.input?.sample;
  const preset = sample && state.schema?.id === sample ? BUNDLED[sample].defaultColumns : null;
  return preset ? names.filter((name) => preset.includes(name)) : names;
}

/** " (x% of your n rows)" when the number of rows is known. */
function shareOfRows(records: number, rows: number | null): string {
  return rows ? ` (${((100 * records) / rows).toPrecision(2)}% of your ${formatInteger(rows)} rows)` : '';
}

/** " Each cell count gets noise of about ±b records (x% of your n rows)." */
/** `lpEpsilon` is the LP's part of epsilon (all of it unless a private reference measure takes a share). */
function noiseForecast(marginals: number, epsilon: number | undefined, lpEpsilon: number, rows: number | null): string[] {
  if (epsilon === undefined || !(epsilon > 0) || !(lpEpsilon > 0)) return [];
  const scale = cellNoiseScale(marginals, lpEpsilon);
  const part = lpEpsilon < epsilon ? ` (the LP's ε = ${Number(lpEpsilon.toPrecision(3))})` : '';
  return [` At ε = ${epsilon}${part}, each cell count gets noise of about ±${formatInteger(Math.round(scale))} records${shareOfRows(scale, rows)}.`];
}

/** The marginal LP measures p 1-way marginals and a tree of p - 1 pairs chosen among all p (p - 1) / 2. */
function marginalLpEstimate({ schema, columns, parameters, input }: AppState): Array<Node | string> {
  const total = schema!.schema.columns.length;
  const p = columns.length;
  if (p === 0) return [`0 of ${total} columns: choose at least one column.`];
  const parts: Array<Node | string> = [
    `${p} of ${total} columns → `,
    h('strong', {}, formatInteger(p)),
    p === 1 ? ' one-way marginal; a tree of pairs needs two columns.' : ' one-way marginals and a tree of ',
  ];
  if (p > 1) parts.push(h('strong', {}, formatInteger(p - 1)), ` two-way marginals, chosen privately among ${formatInteger((p * (p - 1)) / 2)} pairs.`);
  if (parameters?.mechanism !== 'marginal-lp') return parts;
  if (parameters.mlTarget && p > 1) parts.push(' With a prediction target, the target is measured together with each feature.');
  const sigma = oneWayNoiseStd(p, zcdpRho(parameters.epsilon, parameters.delta!));
  parts.push(
    ` At ε = ${parameters.epsilon}, δ = ${parameters.delta}, each 1-way cell count gets Gaussian noise of σ ≈ ${formatInteger(Math.round(sigma))} records${shareOfRows(sigma, input?.rows ?? null)}.`,
  );
  return parts;
}

const MECHANISM_NOTES: Record<Mechanism, string> = {
  'reduced-space-lp':
    'Every marginal (joint distribution) of up to “degree” columns is measured with noise and refitted. ' +
    'The reduced-space LP with a uniform reference measure is accurate and fast only on a handful of columns with few levels (about six).',
  'marginal-lp':
    'Every column’s 1-way marginal is measured with noise, and so is a tree of 2-way marginals chosen privately among all pairs. ' +
    'The tree fit scales to wide tables: all 16 Adult columns take about two seconds.',
};

export function columnsPanel(store: Store): HTMLElement {
  const list = h('ul', { class: 'column-list', 'data-testid': 'column-list', 'aria-label': 'Columns' });
  const estimate = h('p', { class: 'estimate', 'data-testid': 'estimate', 'aria-live': 'polite' });
  const warning = h('p', { class: 'notice notice--warning', 'data-testid': 'estimate-warning', hidden: true });
  const mismatch = h('p', { class: 'notice notice--warning', 'data-testid': 'column-mismatch', hidden: true });
  const note = h('p', { class: 'hint', 'data-testid': 'columns-note' });

  const checkedColumns = () =>
    Array.from(list.querySelectorAll<HTMLInputElement>('input[type=checkbox]'))
      .filter((box) => box.checked)
      .map((box) => box.value);

  const setAll = (on: boolean) => {
    list.querySelectorAll<HTMLInputElement>('input[type=checkbox]:not(:disabled)').forEach((box) => (box.checked = on));
    store.set({ columns: checkedColumns() });
  };

  const renderList = (state: AppState) => {
    const schema = state.schema?.schema;
    if (!schema) {
      replaceChildren(list, h('li', { class: 'hint' }, 'Choose a schema to see its columns.'));
      store.set({ columns: [] });
      return;
    }
    const header = state.input?.header;
    // Only columns present in the CSV can be synthesized; the others stay unticked and disabled.
    const absent = header ? schema.columns.map((c) => c.name).filter((name) => !header.includes(name)) : [];
    const selected = new Set(defaultColumns(state).filter((name) => !absent.includes(name)));
    replaceChildren(
      list,
      ...schema.columns.map((column) => {
        const id = `column-${column.name.replace(/[^\w-]/g, '_')}`;
        return h(
          'li',
          { class: 'column-list__item' },
          h('input', {
            type: 'checkbox',
            id,
            value: column.name,
            checked: selected.has(column.name),
            disabled: absent.includes(column.name),
            onchange: () => store.set({ columns: checkedColumns() }),
          }),
          h(
            'label',
            { for: id },
            h('span', { class: 'column-list__name' }, column.name),
            h('span', { class: 'column-list__meta' }, absent.includes(column.name) ? 'not in your CSV' : describeColumn(column)),
          ),
        );
      }),
    );
    mismatch.textContent = absent.length
      ? `Your CSV has no column ${formatList(absent.map((n) => `"${n}"`))}, so it cannot be synthesized. If that is unexpected, check that the schema matches the file.`
      : '';
    show(mismatch, absent.length > 0);
    store.set({ columns: checkedColumns() });
  };

  const renderEstimate = (state: AppState) => {
    const { schema, columns, degree, parameters, input } = state;
    show(warning, false);
    note.textContent = MECHANISM_NOTES[state.mechanism];
    if (!schema) {
      estimate.textContent = '';
      return;
    }
    if (state.mechanism === 'marginal-lp') {
      replaceChildren(estimate, ...marginalLpEstimate(state));
      return;
    }
    const result = estimateWorkload(schema.schema, columns, degree);
    if (result.problem) {
      replaceChildren(estimate, `${columns.length} of ${schema.schema.columns.length} columns: ${result.problem}.`);
      return;
    }
    replaceChildren(
      estimate,
      `${columns.length} of ${schema.schema.columns.length} columns → `,
      h('strong', { 'data-testid': 'estimate-marginals' }, formatInteger(result.marginals)),
      ` marginals, `,
      h('strong', { 'data-testid': 'estimate-statistics' }, formatInteger(result.statistics)),
      ` statistics (cells) at degree ${degree}.`,
      ...noiseForecast(
        result.marginals,
        parameters?.epsilon,
        parameters && parameters.mechanism !== 'marginal-lp'
          ? budgetSplit(parameters.epsilon, parameters.referenceMeasure ?? 'auto', parameters.referenceBudgetFraction, schema.schema, columns).lpEpsilon
          : 0,
        input?.rows ?? null,
      ),
    );
    if (result.statistics > LARGE_WORKLOAD) {
      warning.textContent = `More than ${formatInteger(LARGE_WORKLOAD)} statistics: the fit may take a minute or more and a lot of memory. Choose fewer columns or a lower degree for a quick run.`;
      show(warning, true);
    }
  };

  store.watch((state) => [state.schema, state.input], renderList);
  store.watch((state) => [state.schema, state.columns, state.mechanism, state.degree, state.parameters, state.input], renderEstimate);

  return panel(
    '3. Columns',
    'columns-panel',
    h(
      'div',
      { class: 'button-row' },
      h('button', { type: 'button', class: 'button button--small', 'data-testid': 'columns-all', onclick: () => setAll(true) }, 'Select all'),
      h('button', { type: 'button', class: 'button button--small', 'data-testid': 'columns-none', onclick: () => setAll(false) }, 'Select none'),
    ),
    list,
    estimate,
    warning,
    mismatch,
    note,
  );
}
