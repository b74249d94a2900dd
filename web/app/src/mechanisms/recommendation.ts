// The mechanism recommended for the chosen columns, their number of records and ε, with its reason
// in one sentence. A rule of thumb from measured runs (README, `npm run bench`, Adult at ε = 1):
// the reduced-space LP measures every 2-way marginal under pure ε-DP and is the more accurate on a
// few columns with few levels (6 demo columns: mean 2-way TV 0.032), while on wide tables its noise
// per cell grows with the number of marginals it splits ε over (16 columns: 0.17) and the MST-style
// marginal mechanism, which measures a privately chosen tree, is far better (0.054, as MST). On
// tables of numbers only, the KD-tree of space partitioning follows the data's density where the
// other two see each column through its schema bins: on Balog's Gaussian mixtures at ε = 1 its MMD
// is 0.003 (2-D) and 0.045 (5-D), against 0.035 / 0.060 for the reduced-space LP and 0.035 / 0.13
// for the marginal mechanism (`npm run bench -- kdtree`, means of 3 runs).
// Public inputs only: the schema, the columns, ε, the prediction target and the number of records
// the user states as public (stated-rows.ts), never the loaded file's own count or anything else
// read from the data, because "Use it" makes the recommendation an option of the run.
// The private sampler is never recommended here: it answers another question (N records drawn from
// a column group, under replace-one neighbours, rather than a synthetic copy of the table), so no
// property of the columns, n or ε alone says a user wants it. Once it is chosen, the forecast says
// whether a reveal-or-obscure sampler or one Laplace histogram suits the N asked for.
// A rule the core should own (it knows the levels and the noise of each mechanism), to be replaced
// by the library: only recommendMechanism is imported (panels/params-panel.ts).
import type { Schema } from 'privsynth';

import { levelCount } from '../data/levels';
import type { Mechanism } from '../store';

export interface Recommendation {
  mechanism: Mechanism;
  reason: string;
}

/** Most 2-way cells for which the reduced-space LP is recommended (the 6 demo columns have 903). */
const FEW_CELLS = 2_000;
/** Largest expected TV of a typical noisy 2-way marginal at which the reduced-space LP is recommended. */
const NOISE_LIMIT = 0.05;

const format = (x: number) => x.toLocaleString('en-US');

/**
 * statedRows: the number of records the user states as public, or null. The expected TV of a
 * typical 2-way marginal is cells x scale / (2 n), with the reduced-space LP's Laplace scale M / ε
 * over its M marginals (docs/forecast.md), so that few records or a small ε favour the marginal
 * mechanism, which splits ε over far fewer measurements. Without n that rule is not applied: the
 * reason says below how many records it would apply instead.
 */
export function recommendMechanism(schema: Schema, columns: string[], epsilon: number | null, statedRows: number | null, mlTarget?: string): Recommendation {
  if (mlTarget) {
    return {
      mechanism: 'marginal-lp',
      reason: `a prediction target is set: the marginal mechanism’s target-augmented tree keeps each feature’s relation to “${mlTarget}” (Adult, ε = 1: 0.847 accuracy when trained on synthetic rows, 0.864 on the real ones).`,
    };
  }
  const chosen = schema.columns.filter((column) => columns.includes(column.name));
  if (chosen.length > 0 && chosen.every((column) => column.type === 'numeric' && !column.nullable)) {
    return {
      mechanism: 'space-partition',
      reason: `${chosen.length === 1 ? 'one numeric column' : `${chosen.length} numeric columns`} without missing values: space partitioning’s KD-tree follows the data’s density instead of the schema’s bins (Balog’s 5-D Gaussian mixture at ε = 1: MMD 0.045, against 0.060 with the reduced-space LP and 0.13 with the marginal mechanism).`,
    };
  }
  const levels = chosen.map(levelCount);
  let pairCells = 0;
  for (let i = 0; i < levels.length; ++i) for (let j = i + 1; j < levels.length; ++j) pairCells += levels[i] * levels[j];
  const pairs = (levels.length * (levels.length - 1)) / 2;
  const described = `${levels.length} column${levels.length === 1 ? '' : 's'} with ${format(pairCells)} two-way cells`;
  if (pairCells > FEW_CELLS) {
    return {
      mechanism: 'marginal-lp',
      reason: `${described}: measuring every pair would spread ε thin (Adult’s 16 columns: mean 2-way TV 0.17 with the reduced-space LP); the marginal mechanism measures a privately chosen tree of pairs (0.054 at ε = 1, as MST).`,
    };
  }
  // n x (expected TV of a typical pair): the records below which that TV exceeds NOISE_LIMIT.
  const noiseRecords = epsilon !== null && pairs > 0 ? ((pairCells / pairs) * ((levels.length + pairs) / epsilon)) / 2 : null;
  if (epsilon !== null && noiseRecords !== null && statedRows !== null) {
    const typicalTv = noiseRecords / statedRows;
    if (typicalTv > NOISE_LIMIT) {
      return {
        mechanism: 'marginal-lp',
        reason: `${described} but only ${format(statedRows)} records at ε = ${epsilon}: the reduced-space LP’s noise would be about ${typicalTv.toPrecision(2)} in TV on a typical pair; the marginal mechanism measures fewer marginals, each with less noise.`,
      };
    }
  }
  const fewRecords =
    epsilon !== null && noiseRecords !== null && statedRows === null
      ? ` Below about ${format(Math.ceil(noiseRecords / NOISE_LIMIT))} records at ε = ${epsilon} the marginal mechanism would be better: state n in step 4, if it is public, to check.`
      : '';
  return {
    mechanism: 'reduced-space-lp',
    reason: `${described}: the reduced-space LP preserves every pair under pure ε-DP, with no δ (Adult’s 6 demo columns: mean 2-way TV 0.032 at ε = 1).${fewRecords}`,
  };
}
