// The privacy ledger of the page: every release made from one file (a schema found privately, a
// run's synthetic table, its DP models) with what it cost, and their total. Releases about the same
// people add up (basic composition: the total ε is the sum of the parts' ε, and δ likewise), which
// bounds what all of them reveal together however they were made (docs/privacy/README.md). The
// ledger lives as long as the page; it is the owner's own bookkeeping and is never exported.
import type { Schema, SynthesisResult } from 'privsynth';

export interface LedgerEntry {
  /** What was released, in words: "Schema found privately", "Synthetic table (adaptive marginals)". */
  what: string;
  epsilon: number;
  delta: number;
  /** The receipt says it is not private (a test seed, a schema read from the data). */
  notPrivate: boolean;
}

/** The releases made from one file. */
export interface FileLedger {
  /** The file as the user knows it. */
  label: string;
  entries: LedgerEntry[];
  /**
   * A schema found privately as the first part of one release (its ε is a share of the run's),
   * while no run with it is on the ledger: the first such run's receipt states the discovery and
   * the run together, so it adds only what its total has beyond the discovery.
   */
  openRelease: { schema: Schema; epsilon: number; delta: number } | null;
}

/** Every file's ledger, by the file's key (inputKey). */
export type Ledgers = Readonly<Record<string, FileLedger>>;

/** The ε a user sets for a file when they have not changed it: one run at the page's default ε. */
export const DEFAULT_FILE_LIMIT = 1;

/** Above this ε the page warns that the guarantee means little (a common rule of thumb: ε ≤ 10). */
export const SANE_EPSILON = 10;

/** A key for the file: the same file chosen again (same name, size and date) keeps its ledger. */
export function inputKey(input: { label: string; csv: string | File }): string {
  const { csv } = input;
  return typeof csv === 'string'
    ? `text:${input.label}:${csv.length}`
    : `file:${csv.name}:${csv.size}:${csv.lastModified}`;
}

export interface LedgerTotal {
  epsilon: number;
  delta: number;
  releases: number;
}

export function ledgerTotal(ledger: FileLedger | undefined): LedgerTotal {
  const entries = ledger?.entries ?? [];
  return {
    epsilon: entries.reduce((sum, entry) => sum + entry.epsilon, 0),
    delta: entries.reduce((sum, entry) => sum + entry.delta, 0),
    releases: entries.length,
  };
}

function update(ledgers: Ledgers, key: string, label: string, change: (ledger: FileLedger) => FileLedger): Ledgers {
  return { ...ledgers, [key]: change(ledgers[key] ?? { label, entries: [], openRelease: null }) };
}

/**
 * Adds a schema discovery (found privately in this page from this file; `schema` is the schema it
 * made). `cost` is what the attempt spent: a discovery that found nothing spent its budget too.
 */
export function recordDiscovery(
  ledgers: Ledgers,
  key: string,
  label: string,
  cost: { epsilon: number; delta: number; notPrivateReasons?: string[] },
  schema: Schema | null,
): Ledgers {
  const entry: LedgerEntry = {
    what: 'Columns found privately',
    epsilon: cost.epsilon,
    delta: cost.delta,
    notPrivate: (cost.notPrivateReasons ?? []).length > 0,
  };
  const inRelease = schema?.discovery?.rho !== undefined;
  return update(ledgers, key, label, (ledger) => ({
    label,
    entries: [...ledger.entries, entry],
    openRelease: inRelease && schema ? { schema, epsilon: cost.epsilon, delta: cost.delta } : ledger.openRelease,
  }));
}

/**
 * What a run with `schema` adds to the file's total, before it runs, at the ε set (`epsilon`): all
 * of it, or for the first run with a schema found as the first part of its release, the part the
 * discovery has not spent.
 */
export function plannedCost(ledger: FileLedger | undefined, schema: Schema | null, epsilon: number): number {
  const open = ledger?.openRelease;
  return open && schema === open.schema ? Math.max(0, epsilon - open.epsilon) : epsilon;
}

/**
 * Adds a run: its synthetic table and, when it trained them, its DP models (a separate release with
 * its own receipt). `discoveredHere`: the run's schema was found privately in this page from this
 * file, so its discovery is on the ledger already; the receipt's headline includes it.
 */
export function recordRun(
  ledgers: Ledgers,
  key: string,
  label: string,
  result: SynthesisResult,
  schema: Schema | null,
  discoveredHere: boolean,
): Ledgers {
  const { receipt } = result;
  const { privacy } = receipt;
  return update(ledgers, key, label, (ledger) => {
    const open = ledger.openRelease && schema === ledger.openRelease.schema ? ledger.openRelease : null;
    let cost: Pick<LedgerEntry, 'epsilon' | 'delta'> = { epsilon: privacy.epsilonSpent, delta: privacy.delta };
    if (open) {
      // The receipt's total covers the discovery and this run together: add what it has beyond the discovery.
      cost = {
        epsilon: Math.max(0, privacy.epsilonSpent - open.epsilon),
        delta: Math.max(0, privacy.delta - open.delta),
      };
    } else if (discoveredHere && privacy.thisRun) {
      cost = { epsilon: privacy.thisRun.epsilonSpent, delta: privacy.thisRun.delta };
    }
    const entries: LedgerEntry[] = [
      { what: `Synthetic table (${receipt.mechanism.title})`, ...cost, notPrivate: !receipt.private },
    ];
    const models = result.directModels;
    if (models) {
      entries.push({
        what: 'DP models',
        epsilon: models.receipt.privacy.epsilonSpent,
        delta: models.receipt.privacy.delta,
        notPrivate: !models.receipt.private,
      });
    }
    return { label, entries: [...ledger.entries, ...entries], openRelease: open ? null : ledger.openRelease };
  });
}

/**
 * A private search for the columns' kinds that found none it could describe: its answer is a
 * release, charged at `cost` (the whole release's ε and δ, an upper bound on the search's share).
 */
export function nothingFoundEntry(cost: { epsilon: number; delta: number }, where = ''): LedgerEntry {
  return { what: `Columns sought privately; none could be described${where}`, ...cost, notPrivate: false };
}

/** Failures of the linear program: they come after the measurements, from their noisy values. */
const AFTER_MEASURING = new Set(['LP_FAILED', 'LP_INFEASIBLE', 'LP_LIMIT_REACHED']);

/**
 * A run that stopped after spending. Its error is itself an output of what was measured: with no
 * schema, "nothing could be described" (EMPTY_DATA) is the private discovery's answer; an LP that
 * fails does so on the noisy measurements. The ledger counts the whole ε and δ set for the run, an
 * upper bound on what was spent before it stopped. Other failures come before anything is spent
 * (the input, the options, a cancel before the end releases nothing): null.
 */
export function failedRunEntry(
  failureCode: string,
  schemaInRun: boolean,
  cost: { epsilon: number; delta: number },
): LedgerEntry | null {
  if (failureCode === 'EMPTY_DATA' && schemaInRun) return nothingFoundEntry(cost, ' (the run stopped)');
  if (AFTER_MEASURING.has(failureCode)) {
    return { what: `A run that stopped after measuring (${failureCode})`, ...cost, notPrivate: false };
  }
  return null;
}

/** `ledgers` with one more entry for the file `key`. */
export function recordEntry(ledgers: Ledgers, key: string, label: string, entry: LedgerEntry): Ledgers {
  return update(ledgers, key, label, (ledger) => ({ ...ledger, label, entries: [...ledger.entries, entry] }));
}
