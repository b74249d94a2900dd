// Behaviour pinned byte for byte: for a fixed test seed, the synthetic CSV and the receipt of every
// mechanism, with each fit, reference measure, space, partition and sampler, on a small bundled
// table (Heart, Cleveland). The receipts pin structure and numbers; their sentences are pinned
// once, in golden/prose.json (golden-prose.ts). A refactoring that changes no behaviour leaves every
// file identical; a change that is meant to alter an output regenerates the files in its own commit
// (PRIVSYNTH_UPDATE_GOLDEN=1 npx vitest run --config tests/js/vitest.config.ts tests/js/golden.test.ts)
// and says why.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { synthesize } from 'privsynth';
import { GOLDEN_CASES } from './golden-cases';
import { proseIndexText, withoutProse } from './golden-prose';
import type { ProseIndex } from './golden-prose';
import { heartCsv, heartSchemaText, repoFile } from './helpers';

const UPDATE = process.env.PRIVSYNTH_UPDATE_GOLDEN === '1';

describe('golden outputs (fixed test seed, Heart)', () => {
  const prose: ProseIndex = {};
  let casesRun = 0;
  for (const [name, options] of Object.entries(GOLDEN_CASES)) {
    it(`${name}: the same CSV bytes and receipt`, async () => {
      const result = await synthesize({
        csv: heartCsv(),
        schema: heartSchemaText(),
        epsilon: 1,
        testSeed: 17,
        ...options,
      });
      const csvPath = repoFile(`tests/js/golden/${name}.csv`);
      const receiptPath = repoFile(`tests/js/golden/${name}.receipt.json`);
      const receipt = `${JSON.stringify(withoutProse(result.receipt, name, prose), null, 1)}\n`;
      if (UPDATE || !existsSync(csvPath)) {
        if (!UPDATE) throw new Error(`no golden file for ${name}: run with PRIVSYNTH_UPDATE_GOLDEN=1 once`);
        writeFileSync(csvPath, result.csv);
        writeFileSync(receiptPath, receipt);
      }
      expect(result.csv).toBe(readFileSync(csvPath, 'utf8'));
      expect(receipt).toBe(readFileSync(receiptPath, 'utf8'));
      casesRun += 1;
    });
  }
  // Every sentence the receipts state, and where: the cases above run first, in order.
  it('every sentence of the receipts, in golden/prose.json', () => {
    expect(casesRun, 'the sentences are compared once every case passed').toBe(Object.keys(GOLDEN_CASES).length);
    const prosePath = repoFile('tests/js/golden/prose.json');
    if (UPDATE) writeFileSync(prosePath, proseIndexText(prose));
    expect(proseIndexText(prose)).toBe(readFileSync(prosePath, 'utf8'));
  });
});
