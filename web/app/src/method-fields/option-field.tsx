// One field of step 2 for an option of the catalogue: a select for a fixed set of values, a checkbox
// for a boolean, a number input otherwise, with its bounds and default from OPTION_CATALOGUE and its
// words from the mechanism's FieldSpec. Its text is in the store (AppState.fields); an invalid text
// shows its error under the field (`<id>-error`), linked with aria.
import type { FieldSpec, FieldText } from '../mechanisms/mechanism-ui';
import type { Store } from '../store';
import { choicesOf, fieldText, optionSpec, parseField, type OptionSection } from './parameters';

export interface OptionFieldProps {
  store: Store;
  mechanism: OptionSection;
  field: FieldSpec;
  /** Reads the other fields' text, for a hint that follows them. */
  text?: FieldText;
  /** Overrides of the spec's words and disabled values (parts of a mechanism's own that know more). */
  hint?: string;
  placeholder?: string;
  disabled?: readonly string[];
}

/** Writes a field's raw text into the store. */
export function setField(store: Store, id: string, text: string): void {
  store.set({ fields: { ...store.get().fields, [id]: text } });
}

export function OptionField({ store, mechanism, field, text, ...overrides }: OptionFieldProps) {
  const { fields } = store.state.value;
  const spec = optionSpec(mechanism, field.option);
  const value = fieldText(fields, field, mechanism);
  const { id } = field;
  const hintId = `${id}-hint`;
  const own = (id: string) => (id === field.id ? value : (text?.(id) ?? ''));
  const hint = overrides.hint ?? (typeof field.hint === 'function' ? field.hint(own) : field.hint);
  const hintLine = (
    <p class="hint" id={hintId} data-testid={hintId}>
      {hint ?? ''}
    </p>
  );
  const choices = choicesOf(field, mechanism);
  if (choices) {
    const disabled = overrides.disabled ?? field.disabled ?? [];
    return (
      <div class="field">
        <label for={id}>{field.label}</label>
        <select
          id={id}
          data-testid={id}
          aria-describedby={hintId}
          value={value}
          onChange={(event) => setField(store, id, event.currentTarget.value)}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice} disabled={disabled.includes(choice)}>
              {field.choices?.[choice] ?? choice}
            </option>
          ))}
        </select>
        {hintLine}
      </div>
    );
  }
  if (spec.type === 'boolean') {
    return (
      <div class="field">
        <label>
          <input
            type="checkbox"
            id={id}
            data-testid={id}
            aria-describedby={hintId}
            checked={value === 'true'}
            onChange={(event) => setField(store, id, String(event.currentTarget.checked))}
          />{' '}
          {field.label}
        </label>
        {hintLine}
      </div>
    );
  }
  const error = parseField(field, mechanism, value).error;
  const errorId = `${id}-error`;
  const placeholder =
    overrides.placeholder ??
    field.placeholder ??
    (spec.defaultComputed ? 'automatic' : spec.default !== undefined ? String(spec.default) : undefined);
  return (
    <div class="field">
      <label for={id}>{field.label}</label>
      <input
        type="number"
        id={id}
        name={id}
        data-testid={id}
        inputMode="decimal"
        min={spec.minimum ?? 0}
        max={spec.maximum}
        step={field.step ?? (spec.type === 'integer' ? '1' : 'any')}
        value={value}
        placeholder={placeholder}
        aria-describedby={`${hintId} ${errorId}`}
        aria-invalid={error ? 'true' : 'false'}
        onInput={(event) => setField(store, id, event.currentTarget.value)}
      />
      {hintLine}
      <p id={errorId} class="field-error" data-testid={errorId} aria-live="polite" hidden={!error}>
        {error ?? ''}
      </p>
    </div>
  );
}
