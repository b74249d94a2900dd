// The prediction targets of the train-on-synthetic, test-on-real report: none, or a chosen column
// that can be one, as the core says (state.schemaAdvice: categorical with 2 to 32 levels; a nullable
// column counts its missing level), and then more targets predicted from the same synthetic table
// (Zhou et al.'s Fig. 5). Mechanisms that favour a target favour the first. A target whose column
// is no longer chosen becomes none (parameters.ts, withParameters).
import type { Store } from '../store';
import { setField } from './option-field';
import { extraTargetsOffered, ML_EXTRA_TARGETS, ML_TARGET, predictableTargets } from './parameters';

const TARGET_HINT =
  'A column with 2 to 32 categories to predict. 20% of the rows, chosen at random, are then held out from the mechanism, and the report ' +
  'compares a logistic regression trained on the synthetic rows with one trained on the real rows and one trained directly under ' +
  'differential privacy at the same ε, all tested on the held-out rows.';

/** With a person column no model is trained directly under DP: it would protect one row, not one person. */
const TARGET_HINT_PER_PERSON =
  'A column with 2 to 32 categories to predict. 20% of the rows, chosen at random, are then held out from the mechanism, and the report ' +
  'compares a logistic regression trained on the synthetic rows with one trained on the real rows, both tested on the held-out rows. ' +
  'No model is trained directly under differential privacy here: it would protect one row, not one person.';

export function TargetFields({ store }: { store: Store }) {
  const state = store.state.value;
  const offered = predictableTargets(state);
  const target = offered.includes(state.fields[ML_TARGET] ?? '') ? state.fields[ML_TARGET] : '';
  const others = extraTargetsOffered(state, target);
  const extra = new Set((state.fields[ML_EXTRA_TARGETS] ?? '').split('\n'));
  return (
    <div class="target-fields">
      <div class="field">
        <label for={ML_TARGET}>Prediction target</label>
        <select
          id={ML_TARGET}
          data-testid={ML_TARGET}
          aria-describedby="ml-target-hint"
          value={target}
          onChange={(event) => setField(store, ML_TARGET, event.currentTarget.value)}
        >
          <option value="">none</option>
          {offered.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <p class="hint" id="ml-target-hint" data-testid="ml-target-hint">
          {state.persons.column === null ? TARGET_HINT : TARGET_HINT_PER_PERSON}
        </p>
      </div>
      <div class="field" data-testid="ml-extra-targets-field" hidden={others.length === 0}>
        <label for={ML_EXTRA_TARGETS}>More targets (optional)</label>
        <select
          id={ML_EXTRA_TARGETS}
          data-testid={ML_EXTRA_TARGETS}
          multiple
          size={4}
          aria-describedby="ml-extra-targets-hint"
          onChange={(event) =>
            setField(
              store,
              ML_EXTRA_TARGETS,
              Array.from(event.currentTarget.selectedOptions, (option) => option.value).join('\n'),
            )
          }
        >
          {others.map((name) => (
            <option key={name} value={name} selected={extra.has(name)}>
              {name}
            </option>
          ))}
        </select>
        <p class="hint" id="ml-extra-targets-hint">
          Other columns to predict from the same synthetic table, each reported like the first (Ctrl- or ⌘-click to
          choose several).
        </p>
      </div>
    </div>
  );
}
