// Step 2's "Who is a person?": each row a different person (the default), or the rows with the same
// value of a column as one person, in plain words, with k (the most rows a person keeps) and the
// columns that are the same in every row of a person; the exact terms for experts one click away.
// Every field's text is in the store; the choice is read from it (person-choice.ts).
import { useId } from 'preact/hooks';

import { OptionField, setField } from '../method-fields/option-field';
import type { Store } from '../store';
import { discoveredForAnotherUnit, perPersonOffered, personColumnsOffered } from './person-choice';
import { PER_PERSON, PERSON_COLUMN, ROWS_PER_PERSON } from './person-fields';

const EACH_ROW_HINT =
  'Right when each person has one row. If someone can have several rows (a patient’s visits), choose the column that says whose row it is.';

/** The expert's terms of the guarantee (docs/privacy/privacy-unit.md). */
function ExpertDetails({ column }: { column: string }) {
  return (
    <details class="persons__details" data-testid="persons-details">
      <summary>Details for experts: what exactly is protected</summary>
      <ul>
        <li>
          Neighbouring tables differ by one person with all their rows: every row with the same “{column}”, however
          many.
        </li>
        <li>
          Each person keeps at most k of their rows, drawn at random by the engine; a row with no “{column}” is left
          out. Left blank, k is chosen with 5% of the budget by the exponential mechanism, near the 75th percentile of
          rows per person. A column marked the same for every row takes, in all of a person’s kept rows, the value of
          one of them.
        </li>
        <li>
          5% of the budget releases how many people have 1, 2, …, k rows, with noise. The method runs on the kept rows
          at the rest of ε divided by k (of ρ divided by k², in zCDP): by group privacy, the k rows of one person
          together cost at most that rest. The receipt states both levels.
        </li>
        <li>
          The synthetic table holds synthetic people: new numbers in “{column}”, each with 1 to k rows drawn from those
          counts, and one value per person in the columns marked the same for every row.
        </li>
        <li>
          Not kept: the order of a person’s rows, and links between a person’s rows beyond those columns. The private
          sampler protects one row among a public number of rows, so it cannot protect a person.
        </li>
      </ul>
      <p class="hint">The proof: docs/privacy/privacy-unit.md.</p>
    </details>
  );
}

/** The columns with one value per person, as boxes; the person column is listed only while it is ticked. */
function PerPersonBoxes({ store, column }: { store: Store; column: string }) {
  const state = store.state.value;
  const marked = state.persons.perPerson;
  const listed = personColumnsOffered(state).filter(
    (name) => perPersonOffered(state, column).includes(name) || (name === column && marked.includes(name)),
  );
  const hintId = useId();
  const toggle = (name: string, on: boolean) =>
    setField(store, PER_PERSON, listed.filter((other) => (other === name ? on : marked.includes(other))).join('\n'));
  return (
    <fieldset class="persons__same" data-testid="per-person" aria-describedby={hintId}>
      <legend>The same in every row of a person (optional)</legend>
      <p class="hint" id={hintId}>
        For example sex or birth year. Each synthetic person then has one value in all their rows.
      </p>
      <ul class="persons__same-list">
        {listed.map((name) => {
          const id = `per-person-${name.replace(/[^\w-]/g, '_')}`;
          return (
            <li key={name} class="checkbox">
              <input
                type="checkbox"
                id={id}
                value={name}
                checked={marked.includes(name)}
                onChange={(event) => toggle(name, event.currentTarget.checked)}
              />
              <label for={id}>{name}</label>
              {name === column ? (
                <span class="field-error" data-testid="per-person-error">
                  {' '}
                  the person column itself: untick it
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {listed.length === 0 ? <p class="hint">Your table has no other column to mark.</p> : null}
    </fieldset>
  );
}

export function PersonPanel({ store }: { store: Store }) {
  const state = store.state.value;
  const { column } = state.persons;
  const offered = personColumnsOffered(state);
  const headingId = useId();
  const k = state.parameters?.rowsPerPerson;
  return (
    <section class="panel persons" aria-labelledby={headingId} data-testid="persons-panel">
      <h3 id={headingId} class="panel__title">
        Who is a person?
      </h3>
      <div class="field">
        <label for={PERSON_COLUMN}>Rows of one person</label>
        <select
          id={PERSON_COLUMN}
          data-testid={PERSON_COLUMN}
          aria-describedby="person-column-hint"
          value={column ?? ''}
          disabled={offered.length === 0}
          onChange={(event) => setField(store, PERSON_COLUMN, event.currentTarget.value)}
        >
          <option value="">Each row is a different person</option>
          {offered.map((name) => (
            <option key={name} value={name}>
              Rows with the same “{name}”
            </option>
          ))}
        </select>
        <p class="hint" id="person-column-hint" data-testid="person-column-hint">
          {column === null
            ? offered.length
              ? EACH_ROW_HINT
              : 'Load your table first to choose its person column.'
            : `Each person is protected with all their rows, not one row at a time. Each person keeps at most ${k ?? 'k'} of their rows, picked at random; the rest are left out. The more rows per person, the more noise.`}
        </p>
      </div>
      {discoveredForAnotherUnit(state) ? (
        <p class="notice notice--warning" data-testid="persons-rediscover">
          The column kinds were found privately for another choice of who is a person. Find them again with “Find the
          schema privately” above, or choose “Found privately in the run”.
        </p>
      ) : null}
      {column !== null ? (
        <>
          <OptionField store={store} mechanism="common" field={ROWS_PER_PERSON} />
          <PerPersonBoxes store={store} column={column} />
          <ExpertDetails column={column} />
        </>
      ) : null}
    </section>
  );
}
