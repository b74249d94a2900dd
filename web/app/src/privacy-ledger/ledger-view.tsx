// The privacy spent on the current file: every release made from it in this page and their total,
// against the total the user allows for it; a warning before a run that would pass it, and on an ε
// so large that the guarantee means little.
import type { Store } from '../store';
import { formatDecimal } from '../ui/format';
import { allowance, overLimit, plannedEpsilon } from './allowance';
import { type FileLedger, ledgerTotal, SANE_EPSILON } from './ledger';

const eps = (value: number) => `ε ${formatDecimal(value, 3)}`;

function Entries({ ledger }: { ledger: FileLedger }) {
  return (
    <details class="ledger__details">
      <summary>What was released from this file</summary>
      <ol class="ledger__entries">
        {ledger.entries.map((entry, index) => (
          <li key={index} data-testid="ledger-entry">
            {entry.what}: {eps(entry.epsilon)}
            {entry.delta > 0 ? `, δ ${Number(entry.delta.toPrecision(2))}` : ''}
            {entry.notPrivate ? ' (not private)' : ''}
          </li>
        ))}
      </ol>
      <p class="hint">
        Releases about the same people add up: together they reveal at most the sum of their ε. Closing or reloading
        this page clears this list, not what was released.
      </p>
    </details>
  );
}

export function LedgerView({ store }: { store: Store }) {
  const state = store.state.value;
  const { input, overLimitAccepted } = state;
  const fileLimit = allowance(state);
  if (!input) return null;
  const ledger = state.ledgers[input.key];
  const total = ledgerTotal(ledger);
  const planned = plannedEpsilon(state);
  const over = overLimit(state);
  return (
    <div class="ledger" data-testid="ledger" aria-live="polite">
      <p class="ledger__total">
        Privacy spent on <strong>{input.label}</strong> in this page so far:{' '}
        <strong data-testid="ledger-total">{eps(total.epsilon)}</strong>
        {total.releases > 0 ? ` in ${total.releases} release${total.releases === 1 ? '' : 's'}` : ''}.
      </p>
      <p class="ledger__allow">
        <label for="file-limit">The most ε you allow for this file in total</label>{' '}
        <input
          id="file-limit"
          class="ledger__limit"
          data-testid="ledger-limit"
          type="number"
          min="0.01"
          step="0.1"
          value={fileLimit}
          aria-describedby="file-limit-hint"
          onInput={(event) => {
            const value = Number(event.currentTarget.value);
            if (Number.isFinite(value) && value > 0) {
              store.set({ fileLimit: value, fileLimitSet: true, overLimitAccepted: false });
            }
          }}
        />{' '}
        <span class="hint" id="file-limit-hint">
          {state.fileLimitSet ? 'As you set it.' : 'Until you change it: one run at the ε above.'}
        </span>
      </p>
      {ledger && ledger.entries.length > 0 ? <Entries ledger={ledger} /> : null}
      {planned !== null && planned > SANE_EPSILON ? (
        <p class="notice notice--warning" data-testid="epsilon-warning">
          ε = {formatDecimal(planned, 3)} is very large: above about {SANE_EPSILON}, the guarantee no longer stops
          someone from learning facts about a person in your table. Most releases use ε between 0.1 and 5.
        </p>
      ) : null}
      {over ? (
        <div class="notice notice--warning" data-testid="ledger-warning">
          <p>
            This run would bring the total spent on this file to <strong>{eps(over.after)}</strong>, more than the{' '}
            {eps(fileLimit)} you allow. Every new release about the same people reveals a little more about them.
          </p>
          <label class="checkbox-label">
            <input
              type="checkbox"
              data-testid="ledger-accept"
              checked={overLimitAccepted}
              onChange={(event) => store.set({ overLimitAccepted: event.currentTarget.checked })}
            />{' '}
            Spend it anyway
          </label>
        </div>
      ) : null}
    </div>
  );
}
