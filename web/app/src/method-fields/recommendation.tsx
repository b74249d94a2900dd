// The mechanism the core recommends for the chosen columns, ε, the target and the n stated as
// public (engine/run-advice.ts), with a button to switch to it: public inputs only, since "Use it"
// makes it an option of the run. Under "auto" it names the mechanism auto runs, which becomes the
// state's `mechanism`. The last recommendation stays while the next one is on its way.
import type { RunAdvice, RunAdviceRequest } from 'privsynth';
import { useEffect, useMemo, useState } from 'preact/hooks';

import { adviceRequester, engineIdle } from '../engine/run-advice';
import { mechanismUi } from '../mechanisms/registry';
import type { Store } from '../store';
import { EPSILON, fieldText, ML_TARGET, parseField, predictableTargets } from './parameters';

type Shown = { kind: 'none' } | { kind: 'schema-in-run' } | { kind: 'advice'; advice: RunAdvice['recommendation'] };

export function Recommendation({ store }: { store: Store }) {
  const state = store.state.value;
  const {
    engineReady,
    running,
    runSchema: schema,
    schemaInRun,
    columns,
    parameters,
    mechanism,
    statedRows,
    automatic,
  } = state;
  const advise = useMemo(() => adviceRequester(), []);
  const [shown, setShown] = useState<Shown>({ kind: 'none' });
  // The inputs of the request, as text, so that the effect runs again only when one changes.
  const epsilon = parseField(EPSILON, 'common', fieldText(state.fields, EPSILON, 'common')).value as number | undefined;
  const target = state.fields[ML_TARGET] ?? '';
  const mlTarget = predictableTargets(state).includes(target) ? target : undefined;

  useEffect(() => {
    if (automatic && schemaInRun && columns.length > 0) {
      setShown({ kind: 'schema-in-run' });
      return;
    }
    if (!schema || columns.length === 0) {
      setShown({ kind: 'none' });
      return;
    }
    if (!engineIdle(store.get())) return;
    const request: RunAdviceRequest = { columns };
    if (mlTarget !== undefined) request.mlTarget = mlTarget;
    if (epsilon !== undefined) request.epsilon = epsilon;
    if (statedRows !== null) request.rows = statedRows;
    advise(schema.schema, request).then(
      (answer) => {
        if (!answer) return;
        setShown({ kind: 'advice', advice: answer.recommendation });
        // "auto" runs what the core recommends for these same public inputs.
        const now = store.get();
        if (now.automatic && now.mechanism !== answer.recommendation.mechanism)
          store.set({ mechanism: answer.recommendation.mechanism });
      },
      // Inputs the run would refuse: its forecast shows why.
      () => setShown({ kind: 'none' }),
    );
  }, [
    store,
    advise,
    engineReady,
    running,
    schema,
    schemaInRun,
    columns,
    epsilon,
    mlTarget,
    statedRows,
    automatic,
    parameters,
  ]);

  if (shown.kind === 'none') return <p class="hint recommendation" data-testid="recommendation" hidden />;
  let text;
  let useIt = null;
  if (shown.kind === 'schema-in-run') {
    text =
      'Automatic chooses the method once the run has found your columns’ kinds; the receipt names it and says why.';
  } else {
    const { advice } = shown;
    const recommended = mechanismUi(advice.mechanism);
    if (automatic) {
      text = (
        <>
          Automatic chooses <strong>{recommended.shortLabel}</strong> here — {advice.reason}
        </>
      );
    } else {
      const chosen = mechanismUi(mechanism);
      const current = advice.mechanism === chosen.id;
      text = (
        <>
          {chosen.recommendationLead ?? 'Recommended here: '}
          {current ? 'this mechanism' : <strong>{recommended.shortLabel}</strong>} — {advice.reason}
        </>
      );
      useIt = current ? null : advice.mechanism;
    }
  }
  return (
    <p class="hint recommendation" data-testid="recommendation" aria-live="polite">
      <span data-testid="recommendation-text">{text}</span>{' '}
      <button
        type="button"
        class="link-button"
        data-testid="use-recommendation"
        hidden={useIt === null}
        onClick={() => useIt && store.set({ automatic: false, mechanism: useIt })}
      >
        Use it
      </button>
    </p>
  );
}
