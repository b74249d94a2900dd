// The files generated from the core's mechanism catalogue (the library's option types, the options'
// JSON Schema, docs/api.md's option tables) are what scripts/contract/generate-options.mjs makes from
// the core as built: an option changed in the core without `npm run contract:options` fails here.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { mechanismCatalogue } from 'privsynth';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the files generated from the catalogue of options', () => {
  it('are what the generator makes from the core as built', () => {
    let output = '';
    try {
      output = execFileSync(process.execPath, ['scripts/contract/generate-options.mjs', '--check'], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      const failed = error as { stderr?: string; stdout?: string };
      expect.fail(`${failed.stderr ?? ''}${failed.stdout ?? ''}`);
    }
    expect(output.trim()).toBe('up to date');
  });

  it("state each option's doc and default in the JSON Schema as the catalogue does", async () => {
    const schema = JSON.parse(readFileSync(path.join(root, 'web/lib/src/generated/options.schema.json'), 'utf8'));
    const catalogue = await mechanismCatalogue();
    const common = schema.$defs.CommonOptions.properties;
    expect(common.outOfDomain).toMatchObject({ enum: ['clamp', 'reject', 'error'], default: 'clamp' });
    expect(schema.$defs.CommonOptions.required).toEqual(['epsilon']);
    expect(common.epsilon).toMatchObject({ type: 'number', exclusiveMinimum: 0 });
    const marginal = schema.$defs.MarginalLpOptions.properties;
    expect(marginal.lpObjective.default).toBe('sum-error');
    expect(schema.$defs.ReducedSpaceLpOptions.properties.lpObjective.default).toBe('max-error');
    type Definition = { properties: Record<string, { const?: string }> };
    const definitions = Object.values(schema.$defs) as Definition[];
    for (const mechanism of catalogue.mechanisms) {
      const definition = definitions.find((d) => d.properties.mechanism?.const === mechanism.id);
      expect(definition, mechanism.id).toBeDefined();
      const names = Object.keys(definition!.properties).filter((name) => name !== 'mechanism');
      expect(names.sort(), mechanism.id).toEqual(mechanism.options.map((o) => o.name).sort());
      for (const option of mechanism.options) expect(option.doc.length, option.name).toBeGreaterThan(10);
    }
  });
});
