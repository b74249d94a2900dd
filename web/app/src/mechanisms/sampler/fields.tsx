// Step 2's fields of the private sampler: which sampler, the number of samples N, a notice when the
// core refuses this N (with a button to switch to the histogram, which any N suits), the comparison
// of the samplers on the data (compare.ts), and under Advanced the largest obscuring probability
// (maxObscuring, the reveal-or-obscure samplers only; blank: the library's default).
// Once the samplers' comparison has been shown on the loaded data, any sampler is picked after
// seeing it, by hand or with "Use the best here": the page cannot tell such a choice from one made
// without it. So every sampler run on those data says so in choicesFromData, its receipt is
// labelled not private, and a notice under the sampler says why, until other data are loaded.
import { setField } from '../../method-fields/option-field';
import type { AppState, Store } from '../../store';
import { Mount } from '../../ui/mount';
import type { MechanismFields } from '../mechanism-ui';
import { dataKeyOf, refusalText, SAMPLER_HINTS, SAMPLER_LABELS, samplerRefusal, type Sampler } from './choice';
import { samplerCompare } from './compare';

/** The run's choicesFromData entry (its receipt lists it among the reasons it is not private). */
export const SAMPLER_FROM_DATA = 'the sampler was chosen after its comparison on the real data';

/** The samplers' comparison was shown on the loaded data. */
const comparedOnInput = (state: Pick<AppState, 'input' | 'comparedData'>) =>
  state.input !== null && state.comparedData.includes(dataKeyOf(state.input));

const chooseSampler = (store: Store, sampler: Sampler) => setField(store, 'sampler', sampler);

function FromDataNotice({ store }: { store: Store }) {
  return (
    <p
      class="notice notice--error"
      data-testid="sampler-from-data"
      aria-live="polite"
      hidden={!comparedOnInput(store.state.value)}
    >
      <strong>NOT PRIVATE: </strong>
      you compared the samplers on these data, so any sampler is now picked after seeing that comparison, by hand or
      with “Use the best here”. Every sampler run on these data is labelled not private, and its receipt says why. Load
      other data for a private run.
    </p>
  );
}

function RefusalNotice({ store }: { store: Store }) {
  const state = store.state.value;
  const refusal = samplerRefusal(state);
  const samples = state.parameters?.mechanism === 'sampler' ? state.parameters.samples : undefined;
  return (
    <p class="notice notice--warning" data-testid="sampler-refusal" aria-live="polite" hidden={refusal === null}>
      <span data-testid="sampler-refusal-text">
        {refusal ? `The sampler refuses this N: ${refusalText(refusal, samples)}.` : ''}
      </span>{' '}
      <button
        type="button"
        class="link-button"
        data-testid="use-histogram-sampler"
        onClick={() => chooseSampler(store, 'laplace-histogram')}
      >
        Use the Laplace histogram
      </button>
    </p>
  );
}

/** The comparison, made once for the page's store (it shows itself while the sampler is chosen). */
const comparisons = new WeakMap<Store, HTMLElement>();
function Comparison({ store }: { store: Store }) {
  if (!comparisons.has(store)) {
    const element = samplerCompare(store, {
      choose: (sampler) => chooseSampler(store, sampler),
      compared(dataKey) {
        const { comparedData } = store.get();
        if (!comparedData.includes(dataKey)) store.set({ comparedData: [...comparedData, dataKey] });
      },
    });
    comparisons.set(store, element);
  }
  return <Mount element={comparisons.get(store)!} />;
}

export const samplerFields: MechanismFields<'sampler'> = {
  main: [
    {
      id: 'sampler',
      option: 'sampler',
      label: 'Sampler',
      choices: SAMPLER_LABELS,
      hint: (text) => SAMPLER_HINTS[text('sampler') as Sampler],
    },
    FromDataNotice,
    {
      id: 'samples',
      option: 'samples',
      label: 'Number of samples N',
      hint: 'The records to draw. The reveal-or-obscure samplers spend ε/N on each, so every extra sample makes each one noisier; the forecast shows the largest N allowed.',
      initial: '100',
      required: true,
    },
    RefusalNotice,
    Comparison,
  ],
  advanced: [
    {
      id: 'max-obscuring',
      option: 'maxObscuring',
      label: 'Largest obscuring probability',
      hint: 'The reveal-or-obscure samplers refuse an N whose samples would be uniform noise with a probability γ above this. Blank: 0.5.',
      step: '0.05',
      // maxObscuring bounds the reveal-or-obscure samplers only; the core rejects it with the histogram.
      when: (text) => text('sampler') !== 'laplace-histogram',
    },
  ],
  finish(options, state) {
    if (comparedOnInput(state)) options.choicesFromData = [SAMPLER_FROM_DATA];
  },
  columnsNeeded: () => ({ count: 1, reason: 'the sampler' }),
  advancedNote: () =>
    'The sampler solves no linear program: the LP settings do not apply. Its own settings are the sampler and N above and, here, the largest obscuring probability.',
};
