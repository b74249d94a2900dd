// What the app knows of one mechanism, in one typed object: its names and hints. The generic
// panels hold no mechanism's name: they look the chosen mechanism up in registry.ts. Each
// mechanism's folder (mechanisms/<id>/) exports one MechanismUi; adding a mechanism to the app is
// that folder and one entry in registry.ts.
import type { PrivacyReceipt } from 'privsynth';

import type { Mechanism } from '../store';

/** Everything the app shows of mechanism M. */
export interface MechanismUiOf<M extends Mechanism> {
  id: M;
  /** The mechanism select's option, e.g. "Reduced-space LP — pure ε-DP (Boedihardjo, Strohmer & Vershynin)". */
  label: string;
  /** Its name alone, in bold in the recommendation, e.g. "Reduced-space LP". */
  shortLabel: string;
  /** The hint under the mechanism select: how it works and what it is good at. */
  hint: string;
  /** Step 3's note on what the chosen columns mean to it. */
  columnsNote: string;
  /**
   * Its neighbouring datasets. "replace-one": the number of records is public (its n is the file's
   * data rows, and a privately discovered schema's ε counts twice).
   */
  neighbours: PrivacyReceipt['privacy']['neighbourRelation'];
  /** The mechanism in a sentence, e.g. "the sampler" (for "… for the sampler, whose neighbours …"). */
  inSentence: string;
  /** The recommendation's lead while this mechanism is chosen. Default: "Recommended here: ". */
  recommendationLead?: string;
}

/** Any one mechanism's MechanismUi (a union, so that each entry keeps its own id). */
export type MechanismUi = { [M in Mechanism]: MechanismUiOf<M> }[Mechanism];
