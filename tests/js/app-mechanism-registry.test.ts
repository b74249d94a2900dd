// The demo finds its mechanism folders by themselves (web/app/src/mechanisms/registry.ts): every
// mechanism of the library has one, in the library's order, and each folder's MechanismUi names the
// mechanism of its folder.
import { describe, expect, it } from 'vitest';

import { MECHANISMS as LIBRARY_MECHANISMS } from 'privsynth';
import { DEFAULT_MECHANISM, MECHANISMS, mechanismUi } from '../../web/app/src/mechanisms/registry';

describe("the demo's mechanism registry", () => {
  it('holds every mechanism of the library, in its order, each from its own folder', () => {
    expect(MECHANISMS.map((ui) => ui.id)).toEqual([...LIBRARY_MECHANISMS]);
    expect(DEFAULT_MECHANISM).toBe(LIBRARY_MECHANISMS[0]);
    for (const id of LIBRARY_MECHANISMS) expect(mechanismUi(id).id).toBe(id);
  });
});
