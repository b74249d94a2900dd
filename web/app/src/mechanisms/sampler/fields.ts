// Step 4's settings of the private sampler: which sampler, the number of samples N, a notice when
// the core refuses this N (with a button to switch to the histogram, which any N suits), the
// comparison of the samplers on the data (compare.ts), and under Advanced the largest obscuring
// probability (maxObscuring, the reveal-or-obscure samplers only). A blank maxObscuring leaves the
// library's default (0.5).
// Once the samplers' comparison has been shown on the loaded data, any sampler is picked after
// seeing it, by hand or with "Use the best here": the page cannot tell such a choice from one made
// without it. So every sampler run on those data says so in choicesFromData, its receipt is
// labelled not private, and a notice under the sampler says why, until other data are loaded.
import type { AppState } from '../../store';
import { h, replaceChildren, show } from '../../ui/dom';
import { numberField, selectField, wholeNumber, type Parse } from '../../ui/fields';
import type { FieldContext, MechanismFields, MechanismOptionsOf } from '../mechanism-ui';
import {
  dataKeyOf,
  DEFAULT_SAMPLER,
  refusalText,
  SAMPLER_HINTS,
  SAMPLER_LABELS,
  samplerRefusal,
  type Sampler,
} from './choice';
import { samplerCompare } from './compare';

/** The run's choicesFromData entry (its receipt lists it among the reasons it is not private). */
export const SAMPLER_FROM_DATA = 'the sampler was chosen after its comparison on the real data';

/** Blank means the default; otherwise the core's range, 0.01 to 1. */
const optionalObscuring: Parse<number | undefined> = (text) => {
  if (text.trim() === '') return { value: undefined };
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0.01 || value > 1)
    return { error: 'Enter a probability from 0.01 to 1, or leave it blank.' };
  return { value };
};

export function samplerFields({ store, changed: onChange }: FieldContext): MechanismFields<'sampler'> {
  let visible = false;
  /** The data (dataKeyOf) on which the samplers' comparison has been shown. */
  const comparedData = new Set<string>();
  const comparedOnInput = (state: AppState) => state.input !== null && comparedData.has(dataKeyOf(state.input));
  /** The samplers' comparison was shown on the loaded data: every sampler run on them is labelled. */
  let compared = comparedOnInput(store.get());
  const chosenSampler = () => sampler.select.value as Sampler;

  const sampler = selectField({
    id: 'sampler',
    label: 'Sampler',
    choices: Object.entries(SAMPLER_LABELS) as Array<[Sampler, string]>,
    value: DEFAULT_SAMPLER,
    hint: SAMPLER_HINTS[DEFAULT_SAMPLER],
    onChange: () => choose(chosenSampler()),
  });
  const samples = numberField({
    id: 'samples',
    label: 'Number of samples N',
    hint: 'The records to draw. The reveal-or-obscure samplers spend ε/N on each, so every extra sample makes each one noisier; the forecast shows the largest N allowed.',
    value: '100',
    step: '1',
    parse: wholeNumber,
    onInput: onChange,
  });
  const maxObscuring = numberField({
    id: 'max-obscuring',
    label: 'Largest obscuring probability',
    hint: 'The reveal-or-obscure samplers refuse an N whose samples would be uniform noise with a probability γ above this. Blank: 0.5.',
    placeholder: '0.5',
    step: '0.05',
    parse: optionalObscuring,
    onInput: onChange,
  });

  const refusalReason = h('span', { 'data-testid': 'sampler-refusal-text' });
  const useHistogram = h(
    'button',
    {
      type: 'button',
      class: 'link-button',
      'data-testid': 'use-histogram-sampler',
      onclick: () => choose('laplace-histogram'),
    },
    'Use the Laplace histogram',
  );
  const refusalNotice = h(
    'p',
    { class: 'notice notice--warning', 'data-testid': 'sampler-refusal', 'aria-live': 'polite', hidden: true },
    refusalReason,
    ' ',
    useHistogram,
  );

  const fromDataNotice = h(
    'p',
    { class: 'notice notice--error', 'data-testid': 'sampler-from-data', 'aria-live': 'polite', hidden: true },
    h('strong', {}, 'NOT PRIVATE: '),
    'you compared the samplers on these data, so any sampler is now picked after seeing that comparison, by hand or with “Use the best here”. ',
    'Every sampler run on these data is labelled not private, and its receipt says why. Load other data for a private run.',
  );

  /** A sampler chosen by hand, by the refusal's switch to the histogram, or with the comparison's "Use the best here"; after a comparison every sampler run on these data is not private anyway. */
  function choose(next: Sampler): void {
    sampler.select.value = next;
    render();
    onChange();
  }

  function render(): void {
    sampler.hint.textContent = SAMPLER_HINTS[chosenSampler()];
    show(fromDataNotice, visible && compared);
    show(sampler.element, visible);
    show(samples.element, visible);
    // maxObscuring bounds the reveal-or-obscure samplers only; the core rejects it with the histogram.
    show(maxObscuring.element, visible && chosenSampler() !== 'laplace-histogram');
  }

  // A comparison shown, or other data loaded: the label of the run changes, so do its options.
  const refreshCompared = (state: AppState) => {
    const now = comparedOnInput(state);
    if (now === compared) return;
    compared = now;
    render();
    onChange();
  };
  store.watch((state) => [state.input], refreshCompared);
  const comparison = samplerCompare(store, {
    choose,
    compared(dataKey) {
      comparedData.add(dataKey);
      refreshCompared(store.get());
    },
  });

  store.watch(
    (state) => [state.mechanism, state.forecast, state.input, state.fileRows],
    (state) => {
      const refusal = samplerRefusal(state);
      const n = samples.read();
      replaceChildren(refusalReason, refusal ? `The sampler refuses this N: ${refusalText(refusal, n.value)}.` : '');
      show(refusalNotice, refusal !== null);
    },
  );

  render();
  return {
    slots: {
      // The comparison shows itself while the sampler is chosen (compare.ts).
      main: [sampler.element, fromDataNotice, samples.element, refusalNotice, comparison],
      advanced: [maxObscuring.element],
    },
    setVisible(next) {
      visible = next;
      render();
    },
    read() {
      const n = samples.read();
      const most = maxObscuring.read();
      const histogram = chosenSampler() === 'laplace-histogram';
      if (n.error || (!histogram && most.error)) return null;
      const options: MechanismOptionsOf<'sampler'> = {
        mechanism: 'sampler',
        sampler: chosenSampler(),
        samples: n.value!,
      };
      if (!histogram && most.value !== undefined) options.maxObscuring = most.value;
      if (comparedOnInput(store.get())) options.choicesFromData = [SAMPLER_FROM_DATA];
      return options;
    },
    columnsNeeded: () => ({ count: 1, reason: 'the sampler' }),
    advancedNote: () =>
      'The sampler solves no linear program: the LP settings do not apply. Its own settings are the sampler and N above and, here, the largest obscuring probability.',
  };
}
