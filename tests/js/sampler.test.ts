// The "sampler" mechanism through the library and the CLI on Adult: N samples at epsilon / N,
// replace-one receipts stating n, the refusal of a meaningless N, the preview that releases
// nothing, and the forecast's comparison with one Laplace histogram.
import { spawnSync } from 'node:child_process';

import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import * as privsynth from 'privsynth';
import type { LedgerEntry, SamplerParameters } from 'privsynth';
import { adultCsv, adultSchemaText, repoFile } from './helpers';

const { synthesize, forecastRun, InvalidOptionError, DomainTooLargeError } = privsynth;
const ADULT_ROWS = 48842;

describe('sampler on Adult sex x race', () => {
  const csv = adultCsv();
  const schema = adultSchemaText();

  it('draws N records at epsilon / N each, states n in the receipt and compares the samplers in the report', async () => {
    const result = await synthesize({
      csv,
      schema,
      epsilon: 1,
      mechanism: 'sampler',
      columns: ['sex', 'race'],
      samples: 500,
      testSeed: 3,
    });
    const rows = Papa.parse<Record<string, string>>(result.csv, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(500);
    expect(Object.keys(rows[0])).toEqual(['sex', 'race']);
    const { receipt, report } = result;
    expect(receipt.privacy.neighbours).toMatch(/^replace one record \(the number of records, 48842, is public/);
    expect(receipt.ledger).toHaveLength(1);
    expect((receipt.ledger[0] as LedgerEntry).epsilon).toBe(1);
    const parameters = receipt.parameters as unknown as SamplerParameters;
    expect(parameters.records).toBe(ADULT_ROWS);
    expect(parameters.alphabet).toBe(10);
    expect(parameters.epsilonPerSample).toBeCloseTo(1 / 500, 15);
    // gamma = k / (k + n (e^eps - 1)) at eps = 1/500 (docs/spec/algorithms.md §1.2).
    expect(parameters.obscuring.rooGamma).toBeCloseTo(10 / (10 + ADULT_ROWS * Math.expm1(1 / 500)), 12);
    expect(JSON.stringify(receipt)).not.toMatch(/smallestCount/);
    const sampler = report.sampler!;
    expect(sampler.used).toBe('ds-roo');
    expect(sampler.options.map((o) => o.sampler)).toEqual(['roo', 'ds-roo', 'subsampled-rr', 'laplace-histogram']);
    const byName = Object.fromEntries(sampler.options.map((o) => [o.sampler, o]));
    // The exact TV of ROO is gamma TV(uniform, data): below its worst case gamma (1 - 1/k).
    expect(byName.roo.tv).toBeLessThan(parameters.obscuring.worstCaseTv);
    expect(byName['ds-roo'].tv).toBeLessThanOrEqual(byName.roo.tv);
    expect(byName['subsampled-rr'].tv).toBeCloseTo(byName.roo.tv, 12);
    // One histogram at epsilon 1 for 10 counts of 48,842 records: about 1e-4, far better at this N.
    expect(byName['laplace-histogram'].tv).toBeLessThan(0.001);
    expect(sampler.best).toBe('laplace-histogram');
  });

  it('refuses an N whose samples would be mostly noise, naming the largest that passes', async () => {
    const run = synthesize({ csv, schema, epsilon: 1, mechanism: 'sampler', columns: ['sex', 'race'], samples: 5000 });
    await expect(run).rejects.toBeInstanceOf(InvalidOptionError);
    await expect(run).rejects.toThrow(/draw at most 4884 samples/);
    // The forecast with the data's n says the same before the run, with the largest N as a number.
    const forecast = await forecastRun({
      schema,
      epsilon: 1,
      mechanism: 'sampler',
      columns: ['sex', 'race'],
      samples: 5000,
      rows: ADULT_ROWS,
    });
    const planned = forecast.fit.parameters as SamplerParameters;
    expect(planned.obscuring.mostSamples).toBe(4884);
    expect(planned.refusal).toMatch(/draw at most 4884 samples/);
    await expect(
      synthesize({
        csv,
        schema,
        epsilon: 1,
        mechanism: 'sampler',
        columns: ['age', 'workclass', 'education', 'occupation', 'native-country', 'hours-per-week'],
      }),
    ).rejects.toBeInstanceOf(DomainTooLargeError);
  });

  it('previews every sampler without releasing anything', async () => {
    const result = await synthesize({
      csv,
      schema,
      epsilon: 1,
      mechanism: 'sampler',
      columns: ['sex', 'race'],
      samples: 5000,
      preview: true,
    });
    expect(result.rows).toBe(0);
    expect(result.receipt.ledger).toEqual([]);
    expect(result.report.sampler!.perSampleEpsilon).toBeCloseTo(1 / 5000, 15);
    expect(result.report.sampler!.best).toBe('laplace-histogram');
  });

  it("the forecast states the receipt's parameters for the same n", async () => {
    const options = { epsilon: 1, mechanism: 'sampler' as const, columns: ['sex', 'race'], samples: 500 };
    const forecast = await forecastRun({ schema, ...options, rows: ADULT_ROWS });
    const result = await synthesize({ csv, schema, ...options, testSeed: 1 });
    const { dsRooTable, ...stated } = result.receipt.parameters as unknown as SamplerParameters;
    expect(dsRooTable?.zeroFrom).toBeGreaterThan(0);
    expect(forecast.fit.parameters).toEqual(stated);
  });
});

describe('privsynth plan --mechanism sampler', () => {
  it('prints the per-sample epsilon, the obscuring probability and the histogram alternative', () => {
    const run = spawnSync(
      process.execPath,
      [
        repoFile('web/lib/dist/cli.js'),
        'plan',
        '--schema',
        repoFile('data/adult/adult.schema.json'),
        '--epsilon',
        '1',
        '--mechanism',
        'sampler',
        '--columns',
        'sex,race',
        '--rows',
        String(ADULT_ROWS),
        '--option',
        'samples=100',
      ],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Sampler: ds-roo, 100 samples at epsilon 0\.01 each from 10 symbols and n = 48,842/);
    expect(run.stdout).toMatch(/one Laplace histogram at the whole epsilon has expected TV <= 0\.000393/);
  });
});
