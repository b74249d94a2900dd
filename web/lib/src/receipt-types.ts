// The privacy receipt: the public record of what a run released and at what privacy cost.
import type { InputSource, Mechanism, OutOfDomainPolicy } from './options-types.js';

/**
 * A release under basic composition (pure epsilon-DP, or (epsilon, delta)-DP when it has a delta):
 * Laplace noise states its L1 sensitivity and scale, an exponential mechanism its score
 * sensitivity; a reveal-or-obscure sample states its epsilon only.
 */
export interface LedgerEntry {
  release: string;
  mechanism: string;
  epsilon: number;
  delta?: number;
  l1Sensitivity?: number;
  noiseScale?: number;
  scoreSensitivity?: number;
}

/** A zCDP release (marginal-lp): a Gaussian measurement or an exponential-mechanism selection. */
export interface ZcdpLedgerEntry {
  release: string;
  mechanism: string;
  rho: number;
  l2Sensitivity?: number;
  noiseStd?: number;
  scoreSensitivity?: number;
  epsilon?: number;
}

/** The synthetic table and the models trained directly under DP of one run, published together. */
export interface TableAndDpModelsCost {
  epsilon: number;
  delta: number;
  /** Present when the total is stated in zCDP (the table's rho and the models' add; no discovered schema). */
  rho?: number;
  composition: string;
  note: string;
}

/** What was released and how; safe to publish next to the synthetic data. */
export interface PrivacyReceipt {
  kind: 'privsynth privacy receipt';
  format: 1;
  software: {
    name: 'privsynth';
    version: string;
    /** Present when the run solved a linear program. */ lpSolver?: string;
  };
  private: boolean;
  notPrivateReasons: string[];
  privacy: {
    /**
     * The whole release's guarantee: with a privately discovered schema, the run and the discovery
     * together (basic composition); `thisRun` then holds the run's own figures.
     */
    definition: string;
    /** The neighbouring datasets in words ("add/remove one record", or replace-one with its public n). */
    neighbours: string;
    neighbourRelation: 'add-remove' | 'replace-one';
    /** "basic": epsilons (and deltas) add; "zcdp": rhos add, stated as (epsilon, delta). */
    accounting: 'basic' | 'zcdp';
    /** Replace-one only: the number of records, public under that relation. */
    publicRecords?: number;
    /** The run's own budget (the epsilon option); a discovery's cost is not part of it. */
    epsilonBudget: number;
    /** The whole release's epsilon and delta, a privately discovered schema's cost included. */
    epsilonSpent: number;
    delta: number;
    composition: string;
    /** Which tables the guarantee is about: a run refuses the others before anything is released. */
    tablesCovered?: string;
    /** zCDP mechanisms (marginal-lp): the rho budget and spend, and the conversion to (epsilon, delta). */
    rhoBudget?: number;
    rhoSpent?: number;
    conversion?: string;
    /**
     * With a schema from discoverSchema(): the discovery's part of the headline epsilon and delta
     * (under replace-one neighbours (2 epsilon, (1 + e^epsilon) delta) of its add/remove cost).
     */
    domainDiscovery?: {
      epsilon: number;
      delta: number;
      note: string;
      /** A schema found as the first part of this release (no schema given): its zCDP cost ... */
      rho?: number;
      /** ... and the delta of its partition selections, which adds to the headline delta. */
      selectionDelta?: number;
    };
    /** With a schema from discoverSchema(): this run's own part, and its own definition. */
    thisRun?: { epsilonSpent: number; delta: number; definition: string; rho?: number; rhoBudget?: number };
    /**
     * With models trained directly under DP (mlTarget with mlDirectDp, the default): what the
     * synthetic table and the models file cost when both are published, the schema's discovery
     * counted once. The same figures in both receipts.
     */
    tableAndDpModels?: TableAndDpModelsCost;
  };
  ledger: Array<LedgerEntry | ZcdpLedgerEntry>;
  mechanism: { name: string; title: string; paper: string; referenceMeasure?: string; privacyNote: string };
  parameters: Record<string, unknown>;
  released: Record<string, unknown>;
  randomness: string;
  schema: {
    name: string;
    source: string;
    provenance: string;
    outOfDomainPolicy: OutOfDomainPolicy;
    columns: Array<{ name: string; domain: string }>;
    /** The schema's "id" and "text" columns: never read, and what the synthetic table holds in their place. */
    notMeasured?: Array<{ name: string; type: 'id' | 'text'; output: string }>;
  };
  output: { rows: number; columns: number };
  /**
   * Where the data came from, as the caller stated it (the library sets the inputSource option):
   * the one part of a receipt, with privacy.tablesCovered which follows from it, that differs
   * with the engine that read the data.
   */
  input: { source: InputSource; meaning: string; note: string };
  /**
   * With no schema given: the receipt of the schema's private discovery, the first part of this
   * release (its ledger, and what it found in each column and why). Its cost is already in `privacy`.
   */
  schemaDiscovery?: Record<string, unknown>;
  /** With "mechanism": "auto" (the default): which mechanism it chose, why, and from what. */
  mechanismChoice?: {
    requested: 'auto';
    chosen: Mechanism;
    reason: string;
    from: string;
    /** The publicRows option, when given. */
    publicRows?: number;
  };
}
