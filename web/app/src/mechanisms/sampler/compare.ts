// "Compare samplers on my data": the four samplers compared exactly on the data before any release,
// from synthesize() with preview: true (nothing is sampled or released, no budget is spent, and the
// receipt of a preview lists no release). The comparison reads the real records (the smallest
// count, the exact TV), so it is NOT private: it is shown to the data owner, labelled as such,
// and never goes into a download. It runs on the engine's one warm worker after the calls queued
// before it (engine-queue.ts), and is cleared as soon as the settings it was made for change.
// Once the comparison has been shown on the loaded data, any sampler is picked after seeing it (e.g.
// the best tells whether every symbol occurs), with "Use the best here" or by hand, and the page
// cannot tell which: every later sampler run on those data names that choice in choicesFromData and
// is labelled not private (AppState.comparedData, fields.tsx). The button says so before the
// click, and the notice under the sampler and the page's banner after it.
import { synthesize, type SamplerReport } from 'privsynth';

import { queueEngineCall } from '../../engine/engine-queue';
import { failureOf, type AppState, type RunParametersOf, type Store } from '../../store';
import { h, replaceChildren, show } from '../../ui/dom';
import { formatInteger } from '../../ui/format';
import { dataKeyOf, DEFAULT_SAMPLER, SAMPLER_NAMES, type Sampler } from './choice';
import { comparisonNote, samplerComparisonTable } from './text';

type SamplerRun = RunParametersOf<'sampler'>;

export interface SamplerCompareActions {
  /** Chooses a sampler ("Use the best here"). */
  choose(sampler: Sampler): void;
  /** The comparison was shown on these data (dataKeyOf): every later sampler run on them is labelled. */
  compared(dataKey: string): void;
}

/**
 * What a comparison depends on: the data, the schema, the columns and every option but the sampler
 * (all four are compared), maxObscuring (a limit on N, not a change of the samplers' laws) and
 * choicesFromData (a label of the run).
 */
function keyOf(state: AppState): string | null {
  const parameters = samplerRun(state);
  if (!parameters || !state.input || !state.schema) return null;
  const { sampler: _sampler, maxObscuring: _most, choicesFromData: _label, ...rest } = parameters;
  return JSON.stringify([inputId(state.input), state.schema.text, state.columns, rest]);
}

/** Each input object once; a new upload is a new input even with the same name. */
const inputIds = new WeakMap<object, number>();
let inputCount = 0;
function inputId(input: object): number {
  if (!inputIds.has(input)) inputIds.set(input, ++inputCount);
  return inputIds.get(input)!;
}

const samplerRun = (state: AppState): SamplerRun | null =>
  state.parameters?.mechanism === 'sampler' ? state.parameters : null;

interface Shown {
  key: string;
  report: SamplerReport;
  samples: number;
}

/** "Use the best here", with what the comparison did to the runs' privacy. */
function useBestButton(best: Sampler, choose: (sampler: Sampler) => void): HTMLElement {
  return h(
    'span',
    { class: 'sampler-use-best' },
    h(
      'button',
      { type: 'button', class: 'link-button', 'data-testid': 'sampler-use-best', onclick: () => choose(best) },
      `Use the best here (${SAMPLER_NAMES[best]})`,
    ),
    ' ',
    h(
      'strong',
      { 'data-testid': 'sampler-use-best-warning' },
      'Whichever sampler you now use, this one or another, the output is NOT private: it is picked after this comparison of your real data, and the receipt will say so.',
    ),
  );
}

export function samplerCompare(store: Store, { choose, compared }: SamplerCompareActions): HTMLElement {
  let shown: Shown | null = null;
  /** A failure of the comparison for these settings. */
  let failed: { key: string; text: string } | null = null;
  let busy = false;
  /** A comparison was made for other settings than the current ones. */
  let stale = false;

  const button = h(
    'button',
    { type: 'button', class: 'button button--secondary', 'data-testid': 'sampler-compare' },
    'Compare samplers on my data',
  );
  const status = h('p', { class: 'hint', 'data-testid': 'sampler-compare-status', 'aria-live': 'polite' });
  const result = h('div', { 'data-testid': 'sampler-comparison', hidden: true });
  const element = h(
    'div',
    { class: 'sampler-compare', 'data-testid': 'sampler-compare-box', hidden: true },
    h(
      'p',
      { class: 'eyes-only', 'data-testid': 'sampler-compare-notice' },
      h('strong', {}, 'NOT PRIVATE: computed on your real data, for your eyes only. '),
      'The comparison reads your records (their smallest count, the exact distances); nothing is sampled or released and no budget is spent, ' +
        'but do not publish or share it: the forecast is the public part.',
    ),
    h('div', { class: 'button-row' }, button, status),
    h(
      'p',
      { class: 'hint', 'data-testid': 'sampler-compare-warning' },
      h('strong', {}, 'Comparing makes the sampler runs on these data NOT private: '),
      'any sampler you pick afterwards, by hand or with “Use the best here”, is picked after seeing it, and the receipts will say so until you load other data.',
    ),
    result,
  );

  /** The table, its note, and a button to switch to the best sampler when it is not the chosen one. */
  const renderResult = (state: AppState) => {
    if (!shown) {
      replaceChildren(result);
      show(result, false);
      return;
    }
    const { report } = shown;
    const chosen = samplerRun(state)?.sampler ?? DEFAULT_SAMPLER;
    const useBest = report.best === chosen ? null : useBestButton(report.best, choose);
    replaceChildren(
      result,
      samplerComparisonTable(report, chosen, 'chosen', 'sampler-comparison-table'),
      h('p', { class: 'hint' }, comparisonNote(report), ' ', useBest),
    );
    show(result, true);
  };

  const render = (state: AppState) => {
    show(element, state.mechanism === 'sampler');
    const key = keyOf(state);
    if (shown && shown.key !== key) {
      shown = null;
      stale = true;
    }
    if (failed && failed.key !== key) failed = null;
    renderResult(state);
    const ready = state.engineReady && !state.running && key !== null && state.columns.length > 0;
    button.disabled = busy || !ready;
    if (busy) status.textContent = 'Comparing the samplers on your data…';
    else if (shown)
      status.textContent = `Best on your data at N = ${formatInteger(shown.samples)}: ${SAMPLER_NAMES[shown.report.best]}.`;
    else if (failed) status.textContent = failed.text;
    else if (!state.input) status.textContent = 'Load your data (step 1) to compare the samplers on it.';
    else if (stale) status.textContent = 'The settings changed: compare again to see the samplers at these settings.';
    else status.textContent = 'γ and the exact TV of the four samplers on your data, at these settings.';
  };

  const compare = async () => {
    const state = store.get();
    const run = samplerRun(state);
    const key = keyOf(state);
    if (busy || !run || !key || !state.input || !state.schema) return;
    const { input, schema, columns } = state;
    const { choicesFromData: _label, ...parameters } = run;
    busy = true;
    stale = false;
    shown = null;
    failed = null;
    render(state);
    try {
      // evaluate: false — only the samplers' comparison, which a preview always reports.
      const preview = await queueEngineCall(() =>
        synthesize({
          ...parameters,
          preview: true,
          evaluate: false,
          csv: input.csv,
          schema: schema.text,
          columns,
          ...(schema.kind === 'inferred' ? { schemaProvenance: 'inferred-from-data' as const } : {}),
        }),
      );
      if (!preview.report.sampler) throw new Error('the engine returned no comparison of the samplers');
      shown = { key, report: preview.report.sampler, samples: parameters.samples ?? 1 };
      // Every later sampler run on these data is labelled, as soon as the comparison the owner asked
      // for arrives (even when changed settings keep it off the screen: the label errs on the safe side).
      compared(dataKeyOf(input));
    } catch (error) {
      const failure = failureOf(error);
      failed = { key, text: `The comparison failed: ${failure.code}: ${failure.message}` };
    }
    busy = false;
    // Settings changed meanwhile: render() drops the comparison and says so.
    render(store.get());
  };
  button.addEventListener('click', () => void compare());

  store.watch(
    (state) => [
      state.mechanism,
      state.engineReady,
      state.running,
      state.input,
      state.schema,
      state.columns,
      state.parameters,
    ],
    render,
  );
  return element;
}
