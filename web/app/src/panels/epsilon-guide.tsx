// ε in plain words, beside its number field: a slider on a log scale from very private to weakly
// private, and what the chosen ε means for a person in the table. The ε field's text stays the one
// source of ε (the slider writes it), so that typing and sliding agree.
import { setField } from '../method-fields/option-field';
import { EPSILON } from '../method-fields/parameters';
import type { Store } from '../store';
import { formatDecimal } from '../ui/format';

/** The slider's range: ε from 0.1 to 10, on a log scale of SLIDER_STEPS steps. */
const LOWEST = 0.1;
const HIGHEST = 10;
const SLIDER_STEPS = 100;

const toSlider = (epsilon: number) =>
  Math.round(
    (SLIDER_STEPS * Math.log(Math.min(HIGHEST, Math.max(LOWEST, epsilon)) / LOWEST)) / Math.log(HIGHEST / LOWEST),
  );
const fromSlider = (position: number) =>
  Number((LOWEST * (HIGHEST / LOWEST) ** (position / SLIDER_STEPS)).toPrecision(2));

/** How strong the protection of ε is, in a few words, and what it suits. */
export function protectionOf(epsilon: number): { level: string; advice: string } {
  if (epsilon <= 0.5)
    return { level: 'Strong protection', advice: 'Results are noisier: best for large tables and few columns.' };
  if (epsilon <= 2) return { level: 'Good protection', advice: 'A common choice for a first release.' };
  if (epsilon <= 5) return { level: 'Moderate protection', advice: 'More accurate, but each person is less hidden.' };
  if (epsilon <= 10) return { level: 'Weak protection', advice: 'Use only when the table is not very sensitive.' };
  return { level: 'Almost no protection', advice: 'Facts about single people may show through.' };
}

/** e^ε, the most that one person can change the chance of any result, in words ("2.7 times"). */
export function oddsFactor(epsilon: number): string {
  const factor = Math.exp(epsilon);
  if (factor >= 1e6) return 'more than a million times';
  return `${formatDecimal(factor, 3)} times`;
}

export function EpsilonGuide({ store }: { store: Store }) {
  const epsilon = store.state.value.parameters?.epsilon ?? null;
  const onSlide = (event: Event) =>
    setField(store, EPSILON.id, String(fromSlider(Number((event.currentTarget as HTMLInputElement).value))));
  const protection = epsilon === null ? null : protectionOf(epsilon);
  return (
    <div class="epsilon-guide" data-testid="epsilon-guide">
      <div class="epsilon-guide__scale">
        <span aria-hidden="true">More private</span>
        <input
          type="range"
          min="0"
          max={SLIDER_STEPS}
          step="1"
          value={toSlider(epsilon ?? 1)}
          aria-label="Privacy budget ε, from more private (left) to more accurate (right)"
          aria-valuetext={epsilon === null ? undefined : `ε ${formatDecimal(epsilon, 2)}`}
          data-testid="epsilon-slider"
          onInput={onSlide}
        />
        <span aria-hidden="true">More accurate</span>
      </div>
      {epsilon !== null && protection ? (
        <p class="epsilon-guide__meaning" data-testid="epsilon-meaning" aria-live="polite">
          <strong>{protection.level}.</strong> At ε = {formatDecimal(epsilon, 3)}, whether any one person is in your
          table or not changes the chance of any result by at most {oddsFactor(epsilon)}. {protection.advice}
        </p>
      ) : null}
    </div>
  );
}
