/// <reference types="vite/client" />
// Every mechanism of the app, in the library's order (the mechanism select's; the first is chosen at
// load). The generic panels find a mechanism's fields, hints and views here (mechanism-ui.ts).
// Adding a mechanism: its folder mechanisms/<id>/ whose index.ts exports its MechanismUi; the
// folders are found by Vite's import.meta.glob, so this file does not change. The app refuses to
// start, naming the mechanism, while a mechanism of the library has no folder.
import { MECHANISMS as LIBRARY_MECHANISMS } from 'privsynth';

import type { Mechanism } from '../store';
import type { MechanismUi, MechanismUiOf } from './mechanism-ui';

/** Each mechanism folder's exports; its MechanismUi is the one export with an `id` and `fields`. */
const folders = import.meta.glob<Record<string, unknown>>('./*/index.ts', { eager: true });

function isMechanismUi(value: unknown): value is MechanismUi {
  return typeof value === 'object' && value !== null && 'id' in value && 'fields' in value;
}

const found = new Map<string, MechanismUi>();
for (const [path, exports] of Object.entries(folders)) {
  const uis = Object.values(exports).filter(isMechanismUi);
  if (uis.length !== 1) throw new Error(`${path} must export one MechanismUi, not ${uis.length}`);
  found.set(uis[0].id, uis[0]);
}

const REGISTRY = Object.fromEntries(
  LIBRARY_MECHANISMS.map((id) => {
    const ui = found.get(id);
    if (ui === undefined) throw new Error(`the demo has no folder mechanisms/${id}/ for the mechanism "${id}"`);
    return [id, ui];
  }),
) as { [M in Mechanism]: MechanismUiOf<M> };

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
