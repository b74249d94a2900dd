// A second table with several rows per person for `npm run bench -- persons --table=purchases`,
// shaped unlike data/visits so that rowsPerPerson's default is not tuned to one table: card
// purchases of customers drawn from UCI Adult (every tenth record: sex, age, region), about 20
// purchases per customer on average with a long tail, and customers with a high income buying more
// often, more travel and larger amounts, so that heavy buyers differ from light ones. Deterministic.
import { readFileSync } from 'node:fs';

import { parseCsv } from 'privsynth';

const CATEGORIES = ['grocery', 'fuel', 'restaurants', 'travel', 'electronics', 'clothing'];
const TYPICAL = { grocery: 30, fuel: 45, restaurants: 35, travel: 400, electronics: 250, clothing: 60 };

export function purchasesTable(root) {
  const adult = parseCsv(readFileSync(`${root}data/adult/adult.csv`, 'utf8'));
  const at = Object.fromEntries(adult.header.map((name, i) => [name, i]));
  let state = 99;
  const uniform = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const lines = ['customer,sex,age,region,category,amount,online'];
  adult.rows.forEach((person, index) => {
    if (index % 10 !== 0) return;
    const rich = person[at.income].includes('>');
    const age = Number(person[at.age]);
    const region = person[at['native-country']] === 'United-States' ? 'domestic' : 'abroad';
    const purchases = Math.max(1, Math.round(-Math.log(1 - uniform()) * (rich ? 40 : 12)));
    for (let p = 0; p < purchases; ++p) {
      const weights = CATEGORIES.map((c) => (c === 'travel' ? (rich ? 4 : 0.5) : c === 'grocery' ? 5 : 2));
      let u = uniform() * weights.reduce((a, b) => a + b, 0);
      let c = 0;
      while ((u -= weights[c]) >= 0 && c < CATEGORIES.length - 1) ++c;
      const category = CATEGORIES[c];
      const spread = Math.exp(0.8 * (uniform() + uniform() + uniform() - 1.5));
      const amount = Math.min(5000, Math.round(TYPICAL[category] * spread * (rich ? 1.6 : 1) * 100) / 100);
      const online = uniform() < (age < 40 ? 0.6 : 0.3) ? 'yes' : 'no';
      lines.push(`C${index},${person[at.sex]},${age},${region},${category},${amount},${online}`);
    }
  });
  const schema = {
    version: 1,
    name: 'purchases',
    privacyUnit: 'customer',
    missing: [''],
    columns: [
      { name: 'customer', type: 'id', prefix: 'C' },
      { name: 'sex', type: 'categorical', categories: ['Female', 'Male'], perPerson: true },
      { name: 'age', type: 'numeric', min: 17, max: 90, integer: true, bins: 16, perPerson: true },
      { name: 'region', type: 'categorical', categories: ['domestic', 'abroad'], perPerson: true },
      { name: 'category', type: 'categorical', categories: CATEGORIES },
      {
        name: 'amount',
        type: 'numeric',
        min: 0,
        max: 5000,
        bins: 20,
        binEdges: [0, 10, 20, 30, 40, 50, 60, 80, 100, 125, 150, 200, 250, 300, 400, 500, 750, 1000, 1500, 2500, 5000],
      },
      { name: 'online', type: 'categorical', categories: ['no', 'yes'] },
    ],
  };
  return { csv: `${lines.join('\n')}\n`, schema };
}
