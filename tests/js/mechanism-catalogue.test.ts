// The library's lists of mechanisms, option names and option values (generated from the core's
// catalogue into web/lib/src/generated/options.ts; tests/js/options-contract.test.ts checks that they
// were regenerated) against the catalogue as the built module states it, which is read off the code
// that reads the options (core/src/base/options.hpp).
import { describe, expect, it } from 'vitest';

import * as privsynth from 'privsynth';
import { COMMON_OPTION_NAMES, MECHANISM_OPTION_NAMES, MECHANISMS, mechanismCatalogue } from 'privsynth';
import type { CatalogueOption, MechanismCatalogue } from 'privsynth';

/** Every list of values the library exports (MECHANISMS, LP_SOLVERS, DEGREES, ...). */
const EXPORTED_LISTS: readonly unknown[] = Object.values(privsynth as Record<string, unknown>).filter(Array.isArray);

const publicNames = (options: CatalogueOption[]): string[] =>
  options
    .filter((o) => !o.testOnly)
    .map((o) => o.name)
    .sort();
const sorted = (names: readonly string[]): string[] => [...names].sort();

/** Every option of the catalogue, common ones first, with the mechanism that reads it. */
function everyOption(catalogue: MechanismCatalogue): Array<{ where: string; option: CatalogueOption }> {
  return [
    ...catalogue.commonOptions.map((option) => ({ where: 'common', option })),
    ...catalogue.mechanisms.flatMap((m) => m.options.map((option) => ({ where: m.id, option }))),
  ];
}

describe("mechanismCatalogue() and the library's option lists", () => {
  it('lists the same mechanisms in the same order', async () => {
    const catalogue = await mechanismCatalogue();
    expect(catalogue.kind).toBe('privsynth mechanism catalogue');
    expect(catalogue.mechanisms.map((m) => m.id)).toEqual([...MECHANISMS]);
    for (const mechanism of catalogue.mechanisms) {
      expect(mechanism.label.length).toBeGreaterThan(0);
      expect(mechanism.privacy.summary.length).toBeGreaterThan(0);
    }
  });

  it("states each mechanism's kind of privacy from its registry entry", async () => {
    const privacy = Object.fromEntries((await mechanismCatalogue()).mechanisms.map((m) => [m.id, m.privacy]));
    expect(privacy['reduced-space-lp']).toMatchObject({ neighbours: 'add-remove', accounting: 'basic' });
    expect(privacy['marginal-lp']).toMatchObject({ neighbours: 'add-remove', accounting: 'zcdp' });
    expect(privacy['adaptive-marginals']).toMatchObject({ neighbours: 'add-remove', accounting: 'zcdp' });
    expect(privacy['space-partition']).toMatchObject({ neighbours: 'add-remove', accounting: 'basic' });
    expect(privacy.sampler).toMatchObject({ neighbours: 'replace-one', accounting: 'basic' });
    expect(privacy.sampler.summary).toBe('pure epsilon-DP, replace one record (the number of records is public)');
  });

  it('names the same common options (the core reads "mechanism" among them)', async () => {
    const catalogue = await mechanismCatalogue();
    expect(publicNames(catalogue.commonOptions)).toEqual(sorted([...COMMON_OPTION_NAMES, 'mechanism']));
  });

  it('names the same options for each mechanism; only test switches are left out of the types', async () => {
    const catalogue = await mechanismCatalogue();
    for (const mechanism of catalogue.mechanisms) {
      expect(publicNames(mechanism.options), mechanism.id).toEqual(sorted(MECHANISM_OPTION_NAMES[mechanism.id]));
      for (const option of mechanism.options.filter((o) => o.testOnly)) expect(option.name).toMatch(/^testOnly/);
    }
  });

  it('exports the values of every option that takes a fixed set of them, in the same order', async () => {
    for (const { where, option } of everyOption(await mechanismCatalogue())) {
      if (option.type !== 'choice') continue;
      const exported = EXPORTED_LISTS.some((list) => JSON.stringify(list) === JSON.stringify(option.values));
      expect(exported, `${where}: ${option.name} has no exported list of its values`).toBe(true);
    }
  });

  it('states a doc for every option, and a default unless it is computed, required or absent means none', async () => {
    for (const { where, option } of everyOption(await mechanismCatalogue())) {
      expect(option.doc, `${where}: ${option.name}`).toMatch(/^\S.{10,}\.$/s);
      expect(Boolean(option.defaultComputed) && option.default !== undefined, `${where}: ${option.name}`).toBe(false);
    }
  });
});
