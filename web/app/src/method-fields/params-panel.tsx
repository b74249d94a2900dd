// Step 2's method and privacy budget: the method (automatic by default), the recommended one, ε and
// its guide, the number of records if it is public, the chosen mechanism's fields (MechanismUi.fields:
// generic fields of the catalogue's options and parts of its own), the prediction targets, and under
// Advanced the rest. Every field's text is in the store; the run's options are read from it
// (parameters.ts). Under "auto" no mechanism's fields are shown: the core rejects an option that does
// not apply, and auto uses each mechanism's own settings.
import type { FieldPart, FieldText, MechanismUi } from '../mechanisms/mechanism-ui';
import { MECHANISMS, mechanismUi } from '../mechanisms/registry';
import { EpsilonGuide } from '../panels/epsilon-guide';
import type { Mechanism, Store } from '../store';
import { OptionField } from './option-field';
import { AUTOMATIC, EPSILON, isFieldSpec, OUT_OF_DOMAIN, STATED_ROWS, textReader } from './parameters';
import { Recommendation } from './recommendation';
import { TargetFields } from './target-fields';

const AUTOMATIC_HINT =
  'The engine picks the method that suits your columns and privacy budget best, from public facts only (never from your data). The receipt names the method it used.';

function MechanismSelect({ store }: { store: Store }) {
  const { automatic, mechanism } = store.state.value;
  const onChange = (value: string) =>
    store.set(value === AUTOMATIC ? { automatic: true } : { automatic: false, mechanism: value as Mechanism });
  return (
    <div class="field">
      <label for="mechanism">Method</label>
      <select
        id="mechanism"
        data-testid="mechanism"
        aria-describedby="mechanism-hint"
        value={automatic ? AUTOMATIC : mechanism}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value={AUTOMATIC}>Automatic (recommended)</option>
        {MECHANISMS.map((ui) => (
          <option key={ui.id} value={ui.id}>
            {ui.label}
          </option>
        ))}
      </select>
      <p class="hint" id="mechanism-hint" data-testid="mechanism-hint">
        {automatic ? AUTOMATIC_HINT : mechanismUi(mechanism).hint}
      </p>
    </div>
  );
}

/** A mechanism's parts in order: its shown generic fields, and its own components. */
function Parts({ store, ui, parts, text }: { store: Store; ui: MechanismUi; parts: FieldPart[]; text: FieldText }) {
  return (
    <>
      {parts.map((Part, i) => {
        if (!isFieldSpec(Part)) return <Part key={i} store={store} />;
        if (Part.drawnBy === 'part' || !(Part.when?.(text) ?? true)) return null;
        return <OptionField key={Part.id} store={store} mechanism={ui.id} field={Part} text={text} />;
      })}
    </>
  );
}

export function ParamsPanel({ store }: { store: Store }) {
  const { automatic, mechanism, fields } = store.state.value;
  const ui = automatic ? null : mechanismUi(mechanism);
  const text = ui ? textReader(fields, ui) : () => '';
  const note = ui
    ? ui.fields.advancedNote(text)
    : 'With the automatic choice, the method uses its own settings; choose a method above to change them.';
  const parts = (list: FieldPart[] | undefined) =>
    ui && list ? <Parts store={store} ui={ui} parts={list} text={text} /> : null;
  return (
    <section class="panel" aria-labelledby="params-heading" data-testid="params-panel">
      <h3 id="params-heading" class="panel__title">
        Method and privacy budget
      </h3>
      <MechanismSelect store={store} />
      <Recommendation store={store} />
      <OptionField store={store} mechanism="common" field={EPSILON} />
      <EpsilonGuide store={store} />
      <OptionField store={store} mechanism="common" field={STATED_ROWS} />
      {parts(ui?.fields.main)}
      <TargetFields store={store} />
      {parts(ui?.fields.afterTarget)}
      <details class="advanced" data-testid="advanced">
        <summary>Advanced</summary>
        <p class="hint" data-testid="lp-settings-note" hidden={note === null}>
          {note ?? ''}
        </p>
        <div class="advanced__grid">
          {parts(ui?.fields.advanced)}
          <OptionField store={store} mechanism="common" field={OUT_OF_DOMAIN} />
        </div>
      </details>
    </section>
  );
}
