// "What the theory asks": the planner's conditions (Theorems 2.2/2.3 of Boedihardjo et al., B.1,
// III.1 and IV.1 of Bojkovic & Loh) for the chosen columns, degree, epsilon and reference measure.
// Public inputs only: n is the number of records the user states as public in step 2
// (method-fields/parameters.ts, STATED_ROWS), or none (the conditions on n then say what they
// need); never the file's own count, which is private. The workload's size |F| is the core's own count, from the run forecast
// (forecast-view.ts).
import { adviseRun, planSynthesis } from 'privsynth';
import type { PlannerInputs, PlannerReport } from 'privsynth';

import { LatestRequest, SUPERSEDED } from '../../engine/latest-request';
import type { AppState, Store } from '../../store';
import { h, replaceChildren, uid } from '../../ui/dom';
import { formatInteger } from '../../ui/format';
import { isReducedSpaceLp } from './options';
import { referenceRequest } from './reference-choice';

/** Sizes (n, k, m) are whole numbers, rounded up; other quantities (gamma, ...) keep 3 digits. */
const fixed = (x: number | null | undefined, size = true) => {
  if (x === null || x === undefined) return '—';
  if (Math.abs(x) >= 1e6) return x.toExponential(2);
  return size ? formatInteger(Math.ceil(x)) : String(Number(x.toPrecision(3)));
};
const isSize = (name: string) => /^[nkm]\b/.test(name);

/** Which n the conditions were checked against: the one stated in step 2, or none. */
function nSentence(n: number | null): string {
  return n === null
    ? 'n not stated: the conditions on n are unknown. State the number of records in step 2, if it is public, to check them (your file’s own count is private and not used).'
    : `n = ${formatInteger(n)}, as stated in step 2.`;
}

function resultTable(report: PlannerReport, n: number | null): HTMLElement {
  const theorem = report.theorems.find((t) => t.id === report.primary) ?? report.theorems[0];
  const rows = theorem.conditions.map((condition) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, condition.name),
      h('td', { class: 'numeric' }, `${condition.relation} ${fixed(condition.required, isSize(condition.name))}`),
      h('td', { class: 'numeric' }, fixed(condition.actual, isSize(condition.name))),
      h('td', {}, condition.met === null ? 'unknown' : condition.met ? 'met' : 'not met'),
    ),
  );
  return h(
    'div',
    { 'data-testid': 'planner-result' },
    h(
      'p',
      {},
      `${theorem.theorem}: needs n ≥ ${fixed(theorem.required.n)}, k ≥ ${fixed(theorem.required.k)}, m ≥ ${fixed(theorem.required.m)}` +
        (theorem.conditionNumberBound !== null
          ? ` (condition number K ≤ ${Number(theorem.conditionNumberBound.toPrecision(3))})`
          : '') +
        `; Laplace scale σ = ${report.sigma.toPrecision(3)}.`,
    ),
    h(
      'table',
      { class: 'data-table' },
      h('caption', {}, `Conditions of ${theorem.id} for this run`),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'condition'),
          h('th', { scope: 'col' }, 'required'),
          h('th', { scope: 'col' }, 'this run'),
          h('th', { scope: 'col' }, ''),
        ),
      ),
      h('tbody', {}, ...rows),
    ),
    h('p', { class: 'hint', 'data-testid': 'planner-n' }, nSentence(n)),
    h(
      'p',
      { class: 'hint' },
      'The run is ε-DP whatever n is: privsynth calibrates its noise to the exact sensitivity. “n (privacy)” says when the paper’s fixed noise σ would be enough. ' +
        'The other rows are sufficient conditions for the accuracy 8δ, with the constants the paper leaves unspecified taken as 1 (docs/planner.md); runs that miss them usually still work well.',
    ),
  );
}

export function plannerView(store: Store): HTMLElement {
  const deltaId = uid('delta');
  const gammaId = uid('gamma');
  const delta = h('input', {
    id: deltaId,
    type: 'number',
    min: '0',
    max: '0.5',
    step: '0.05',
    value: '0.25',
    'data-testid': 'planner-delta',
  });
  const gamma = h('input', {
    id: gammaId,
    type: 'number',
    min: '0',
    max: '0.25',
    step: '0.01',
    value: '0.05',
    'data-testid': 'planner-gamma',
  });
  const output = h('div', { 'aria-live': 'polite' });
  const requests = new LatestRequest();

  // Only on an idle, loaded engine: a call while the worker is busy would start a second worker.
  const render = async (state: AppState) => {
    const { runSchema: schema, columns, parameters, statedRows, forecast } = state;
    if (!state.engineReady || state.running) return;
    // The theorems are the reduced-space LP's; the planner is hidden while another mechanism is chosen.
    if (!schema || !parameters || !isReducedSpaceLp(parameters) || columns.length === 0) {
      replaceChildren(output, '');
      return;
    }
    // The last result stays while the forecast of new settings is on its way; none if it failed.
    if (forecast.kind === 'pending') return;
    if (forecast.kind !== 'ready' || forecast.report.mechanism !== 'reduced-space-lp') {
      replaceChildren(output, '');
      return;
    }
    const isLatest = requests.begin();
    try {
      // One call at a time, on the engine's idle worker (engine-queue.ts); a superseded call is skipped.
      // The reference measure, the LP's share of ε and the domain's cells are the core's (run advice).
      const advice = await requests.ask(
        () => adviseRun(schema.schema, referenceRequest(columns, parameters)),
        isLatest,
      );
      if (advice === SUPERSEDED) return;
      const measure = advice.reference.measure;
      const inputs: PlannerInputs = {
        // The LP's cell statistics and the constant function (the receipt's "Statistics").
        statistics: forecast.report.fit.statistics + 1,
        epsilon: advice.reference.lpEpsilon ?? parameters.epsilon,
        delta: Number(delta.value),
        gamma: Number(gamma.value),
        reference: measure === 'tree' || measure === 'kd-tree' ? 'uniform' : measure,
      };
      if (measure === 'bernstein-kde') inputs.dimensions = columns.length;
      else if (advice.domainCells !== null) inputs.domainSize = advice.domainCells;
      if (statedRows !== null) inputs.n = statedRows;
      const report = await requests.ask(() => planSynthesis(inputs), isLatest);
      if (report === SUPERSEDED) return;
      replaceChildren(
        output,
        measure === 'tree' || measure === 'kd-tree'
          ? h('p', { class: 'hint' }, `No theorem covers the ${measure} reference; shown: the uniform reference’s.`)
          : null,
        resultTable(report, inputs.n ?? null),
      );
    } catch (error) {
      replaceChildren(output, h('p', { class: 'field-error' }, (error as Error).message));
    }
  };
  delta.addEventListener('input', () => void render(store.get()));
  gamma.addEventListener('input', () => void render(store.get()));
  store.watch(
    (state) => [state.engineReady, state.runSchema, state.columns, state.parameters, state.statedRows, state.forecast],
    (state) => void render(state),
  );

  return h(
    'details',
    { class: 'advanced', 'data-testid': 'planner' },
    h('summary', {}, 'What the theory asks (planner)'),
    h(
      'div',
      { class: 'advanced__grid' },
      h('div', { class: 'field' }, h('label', { for: deltaId }, 'Accuracy target δ (error ≤ 8δ)'), delta),
      h('div', { class: 'field' }, h('label', { for: gammaId }, 'Failure probability γ'), gamma),
    ),
    output,
  );
}
