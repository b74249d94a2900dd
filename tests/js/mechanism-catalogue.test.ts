// The library's lists of mechanisms, option names and option values (web/lib/src/options-types.ts,
// from which its option types are derived) against the core's catalogue, which is read off the
// code that reads the options (core/src/base/options.hpp). A mechanism, option or value added on
// one side only fails here.
import { describe, expect, it } from 'vitest';

import {
  ADAPTIVE_WORKLOADS,
  COMMON_OPTION_NAMES,
  DEGREES,
  FITS,
  LP_METHODS,
  LP_OBJECTIVES,
  LP_STAGE2,
  LP_SOLVERS,
  MECHANISM_OPTION_NAMES,
  MECHANISMS,
  MOMENT_ORDERS,
  OUT_OF_DOMAIN_POLICIES,
  PARTITIONS,
  REFERENCE_MEASURES,
  SAMPLERS,
  SCHEMA_PROVENANCES,
  INPUT_SOURCES,
  SPACES,
  SYNTHETIC_ROWS_FROM,
  WORKLOADS,
  mechanismCatalogue,
} from 'privsynth';
import type { CatalogueOption, MechanismCatalogue } from 'privsynth';

/** The values of every option that takes a fixed set of them, as the library lists them. */
const CHOICES: Record<string, readonly string[]> = {
  // Named after the mechanism where two read an option of the same name with other values.
  'adaptive-marginals.workload': ADAPTIVE_WORKLOADS,
  outOfDomain: OUT_OF_DOMAIN_POLICIES,
  schemaProvenance: SCHEMA_PROVENANCES,
  inputSource: INPUT_SOURCES,
  syntheticRowsFrom: SYNTHETIC_ROWS_FROM,
  lpSolver: LP_SOLVERS,
  lpMethod: LP_METHODS,
  lpObjective: LP_OBJECTIVES,
  lpStage2: LP_STAGE2,
  referenceMeasure: REFERENCE_MEASURES,
  space: SPACES,
  workload: WORKLOADS,
  fit: FITS,
  partition: PARTITIONS,
  sampler: SAMPLERS,
};

/** Integer options whose type is a union of their values. */
const INTEGER_UNIONS: Record<string, readonly number[]> = { degree: DEGREES, moments: MOMENT_ORDERS };

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

  it('gives every option with a fixed set of values the same values, in the same order', async () => {
    const seen = new Set<string>();
    for (const { where, option } of everyOption(await mechanismCatalogue())) {
      if (option.type !== 'choice') continue;
      const key = `${where}.${option.name}` in CHOICES ? `${where}.${option.name}` : option.name;
      expect(CHOICES, `${where}: ${option.name} has no list of values in the library`).toHaveProperty([key]);
      expect(option.values, `${where}: ${option.name}`).toEqual([...CHOICES[key]]);
      seen.add(key);
    }
    expect([...seen].sort()).toEqual(Object.keys(CHOICES).sort());
  });

  it('bounds the integer options typed as unions by exactly their values', async () => {
    let checked = 0;
    for (const { where, option } of everyOption(await mechanismCatalogue())) {
      const values = INTEGER_UNIONS[option.name];
      if (!values) continue;
      expect(option.type, `${where}: ${option.name}`).toBe('integer');
      const range = Array.from({ length: option.maximum! - option.minimum! + 1 }, (_, i) => option.minimum! + i);
      expect(range, `${where}: ${option.name}`).toEqual([...values]);
      checked += 1;
    }
    expect(checked).toBe(3); // degree (reduced-space-lp, marginal-lp) and moments
  });
});
