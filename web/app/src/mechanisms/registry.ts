// Every mechanism of the app, in the order of the mechanism select (the first is chosen at load).
// The generic panels find a mechanism's fields, hints and views here (mechanism-ui.ts). Adding a
// mechanism: its folder mechanisms/<id>/ exporting a MechanismUi, and its entry below; the type of
// REGISTRY fails to compile while a mechanism of the library has none.
import type { Mechanism } from '../store';
import { adaptiveMarginals } from './adaptive-marginals';
import { marginalLp } from './marginal-lp';
import type { MechanismUi, MechanismUiOf } from './mechanism-ui';
import { reducedSpaceLp } from './reduced-space-lp';
import { sampler } from './sampler';
import { spacePartition } from './space-partition';

const REGISTRY: { [M in Mechanism]: MechanismUiOf<M> } = {
  'reduced-space-lp': reducedSpaceLp,
  'marginal-lp': marginalLp,
  'adaptive-marginals': adaptiveMarginals,
  'space-partition': spacePartition,
  sampler,
};

/** Every mechanism, in the order of the mechanism select. */
export const MECHANISMS: readonly MechanismUi[] = Object.values(REGISTRY);

export const DEFAULT_MECHANISM: Mechanism = MECHANISMS[0].id;

export function mechanismUi(id: Mechanism): MechanismUi {
  return REGISTRY[id];
}

/** The mechanism a forecast or a receipt names (they type it as a string), if the app knows it. */
export function findMechanismUi(name: string): MechanismUi | undefined {
  return MECHANISMS.find((ui) => ui.id === name);
}
