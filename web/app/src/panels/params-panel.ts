// Step 4: the mechanism, the privacy budget, the recommended mechanism, the number of records if it
// is public, the prediction target, and the chosen mechanism's own fields (MechanismUi.fields, from
// mechanisms/<id>/fields.ts), placed in the panel's slots. Each input is validated as it is typed;
// the error shows next to it and the Run button waits for valid values. Only the chosen mechanism's
// fields are shown and only its options are sent: the core rejects an option that does not apply.
import { createElement, render } from 'preact';
import type { CommonOptions, OutOfDomainPolicy, RunAdvice, RunAdviceRequest } from 'privsynth';

import { adviceRequester, engineIdle } from '../engine/run-advice';
import type { FieldContext, FieldSlot, MechanismFieldsBase, MechanismUi } from '../mechanisms/mechanism-ui';
import { MECHANISMS, mechanismUi } from '../mechanisms/registry';
import type { AppState, Mechanism, RunParameters, Store } from '../store';
import { h, panel, replaceChildren, show } from '../ui/dom';
import { numberField, positiveNumber, selectField } from '../ui/fields';
import { EpsilonGuide } from './epsilon-guide';
import { statedRowsField } from './stated-rows';
import { targetField } from './target-field';

/** Every out-of-domain policy the core takes (the library's list, generated from its catalogue) has a label. */
const OUT_OF_DOMAIN_LABELS: Record<OutOfDomainPolicy, string> = {
  clamp: 'Keep the row, fix the value',
  reject: 'Leave the row out',
  error: 'Stop with an error',
};

/** Options every mechanism takes, read from the fields they share. */
type CommonParameters = Pick<CommonOptions, 'epsilon' | 'outOfDomain' | 'mlTarget' | 'mlExtraTargets'>;

/** The select's value for the library's own choice ("mechanism": "auto"). */
const AUTOMATIC = 'auto';
const AUTOMATIC_HINT =
  'The engine picks the method that suits your columns and privacy budget best, from public facts only (never from your data). The receipt names the method it used.';

export function paramsPanel(store: Store): HTMLElement {
  let chosen: MechanismUi = mechanismUi(store.get().mechanism);
  let automatic = store.get().automatic;

  const mechanism = selectField({
    id: 'mechanism',
    label: 'Method',
    choices: [[AUTOMATIC, 'Automatic (recommended)'], ...MECHANISMS.map((ui): [string, string] => [ui.id, ui.label])],
    value: automatic ? AUTOMATIC : chosen.id,
    hint: automatic ? AUTOMATIC_HINT : chosen.hint,
    onChange: () => {
      automatic = mechanism.select.value === AUTOMATIC;
      if (!automatic) chosen = mechanismUi(mechanism.select.value as Mechanism);
      renderChosen();
      update({ automatic, mechanism: chosen.id });
    },
  });
  // The mechanism the core recommends for the chosen columns, ε, the target and the n stated as
  // public (engine/run-advice.ts), with a button to switch to it: public inputs only, since "Use it"
  // makes it an option of the run. The last recommendation stays while the next one is on its way.
  const useRecommended = h(
    'button',
    { type: 'button', class: 'link-button', 'data-testid': 'use-recommendation', hidden: true },
    'Use it',
  );
  const recommendationText = h('span', { 'data-testid': 'recommendation-text' });
  const recommendation = h(
    'p',
    { class: 'hint recommendation', 'data-testid': 'recommendation', 'aria-live': 'polite' },
    recommendationText,
    ' ',
    useRecommended,
  );
  const advise = adviceRequester();
  const renderRecommendation = async (state: AppState) => {
    if (automatic && state.schemaInRun && state.columns.length > 0) {
      replaceChildren(
        recommendationText,
        'Automatic chooses the method once the run has found your columns’ kinds; the receipt names it and says why.',
      );
      useRecommended.hidden = true;
      recommendation.hidden = false;
      return;
    }
    if (!state.schema || state.columns.length === 0) {
      recommendation.hidden = true;
      return;
    }
    if (!engineIdle(state)) return;
    const e = epsilon.read();
    const request: RunAdviceRequest = { columns: state.columns };
    const mlTarget = target.read();
    if (mlTarget !== undefined) request.mlTarget = mlTarget;
    if (!e.error) request.epsilon = e.value!;
    if (state.statedRows !== null) request.rows = state.statedRows;
    let advice: RunAdvice['recommendation'];
    try {
      const answer = await advise(state.schema.schema, request);
      if (!answer) return;
      advice = answer.recommendation;
    } catch {
      recommendation.hidden = true; // inputs the run would refuse: its forecast shows why
      return;
    }
    const recommended = mechanismUi(advice.mechanism);
    if (automatic) {
      // "auto" runs what the core recommends for these same public inputs.
      replaceChildren(
        recommendationText,
        'Automatic chooses ',
        h('strong', {}, recommended.shortLabel),
        ` here — ${advice.reason}`,
      );
      useRecommended.hidden = true;
      recommendation.hidden = false;
      if (store.get().mechanism !== recommended.id) {
        chosen = recommended;
        update({ mechanism: recommended.id });
      }
      return;
    }
    const current = advice.mechanism === chosen.id;
    const name = current ? 'this mechanism' : h('strong', {}, recommended.shortLabel);
    replaceChildren(recommendationText, chosen.recommendationLead ?? 'Recommended here: ', name, ` — ${advice.reason}`);
    useRecommended.hidden = current;
    useRecommended.onclick = () => {
      mechanism.select.value = advice.mechanism;
      mechanism.select.dispatchEvent(new Event('change'));
    };
    recommendation.hidden = false;
  };
  const epsilon = numberField({
    id: 'epsilon',
    label: 'Privacy budget ε (epsilon)',
    hint: 'Smaller is more private and noisier. ε = 1 is a common choice.',
    value: '1',
    step: '0.1',
    parse: positiveNumber,
    onInput: () => update(),
  });
  const epsilonGuide = h('div', {});
  render(createElement(EpsilonGuide, { store, input: epsilon.input }), epsilonGuide);
  const target = targetField(() => update());
  const statedRows = statedRowsField(store);
  // Which settings under Advanced apply (MechanismFields.advancedNote; its test id is older than the registry).
  const advancedNote = h('p', { class: 'hint', 'data-testid': 'lp-settings-note', hidden: true });
  const outOfDomain = selectField({
    id: 'out-of-domain',
    label: 'Values outside the schema',
    choices: Object.entries(OUT_OF_DOMAIN_LABELS) as Array<[OutOfDomainPolicy, string]>,
    value: 'clamp',
    hint: 'A value outside a column’s range or categories: keep the row with the value clamped to the range (or marked missing), leave the row out, or stop. Every such value is counted in the utility report.',
    onChange: () => update(),
  });

  // The mechanisms' fields, made once (after the common ones, which their changes read); a group of
  // fields several of them take is made once too.
  const sharedGroups = new Map<unknown, unknown>();
  const context: FieldContext = {
    store,
    changed: () => {
      renderNote();
      update();
    },
    shared<T>(create: (context: FieldContext) => T): T {
      if (!sharedGroups.has(create)) sharedGroups.set(create, create(context));
      return sharedGroups.get(create) as T;
    },
  };
  const fields = new Map<Mechanism, MechanismFieldsBase>(MECHANISMS.map((ui) => [ui.id, ui.fields(context)]));
  const chosenFields = () => fields.get(chosen.id)!;

  /** Every mechanism's elements for `slot`, in the registry's order; a shared element where it is first listed. */
  const placed = new Set<HTMLElement>();
  const slot = (name: FieldSlot): HTMLElement[] => {
    const elements: HTMLElement[] = [];
    for (const mechanismFields of fields.values()) {
      for (const element of mechanismFields.slots[name] ?? []) {
        if (placed.has(element)) continue;
        placed.add(element);
        elements.push(element);
      }
    }
    return elements;
  };

  /** Shows the chosen mechanism's fields only: the others' are hidden first, so that shared ones end as the chosen one wants. */
  function renderChosen(): void {
    for (const [id, mechanismFields] of fields) if (automatic || id !== chosen.id) mechanismFields.setVisible(false);
    if (!automatic) chosenFields().setVisible(true);
    mechanism.hint.textContent = automatic ? AUTOMATIC_HINT : chosen.hint;
    renderNote();
  }

  /** Which settings under Advanced apply, when not all of them do. */
  function renderNote(): void {
    const note = automatic
      ? 'With the automatic choice, the method uses its own settings; choose a method above to change them.'
      : chosenFields().advancedNote();
    advancedNote.textContent = note ?? '';
    show(advancedNote, note !== null);
  }

  // Blank optional fields are left out, so that the library's defaults apply.
  function readCommon(): CommonParameters | null {
    const e = epsilon.read();
    if (e.error) return null;
    const common: CommonParameters = { epsilon: e.value!, outOfDomain: outOfDomain.select.value as OutOfDomainPolicy };
    const mlTarget = target.read();
    if (mlTarget !== undefined) common.mlTarget = mlTarget;
    const extra = target.readExtra();
    if (extra.length) common.mlExtraTargets = extra;
    return common;
  }

  /** The run's options (null while a field is invalid) and what they need of the columns, with `patch`. */
  function update(patch: { mechanism?: Mechanism; automatic?: boolean } = {}): void {
    const common = readCommon();
    if (automatic) {
      // "auto" takes the common options only; the core rejects another mechanism's.
      const parameters: RunParameters | null = common ? { ...common, mechanism: 'auto' } : null;
      store.set({ ...patch, parameters, columnsNeeded: { count: 1, reason: 'the automatic choice' } });
      return;
    }
    const mechanismFields = chosenFields();
    const options = mechanismFields.read();
    const parameters: RunParameters | null = common && options ? { ...common, ...options } : null;
    store.set({ ...patch, parameters, columnsNeeded: mechanismFields.columnsNeeded(parameters) });
  }

  const element = panel(
    'Method and privacy budget',
    'params-panel',
    mechanism.element,
    ...slot('underMechanism'),
    recommendation,
    epsilon.element,
    epsilonGuide,
    statedRows,
    ...slot('main'),
    target.element,
    ...slot('afterTarget'),
    h(
      'details',
      { class: 'advanced', 'data-testid': 'advanced' },
      h('summary', {}, 'Advanced'),
      advancedNote,
      h('div', { class: 'advanced__grid' }, ...slot('advanced'), outOfDomain.element),
    ),
  );
  renderChosen();
  // A prediction target that is no longer among the chosen columns becomes none.
  store.watch(
    (state) => [state.schemaAdvice, state.columns],
    (state) => {
      target.refresh(state.schemaAdvice, state.columns);
      update();
    },
  );
  store.watch(
    (state) => [
      state.engineReady,
      state.running,
      state.schema,
      state.schemaInRun,
      state.columns,
      state.parameters,
      state.mechanism,
      state.statedRows,
    ],
    (state) => void renderRecommendation(state),
  );
  update();
  return element;
}
