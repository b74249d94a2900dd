// The plots' level names and order (web/app/src/plots/labels.ts) and the axis numbers
// (web/app/src/ui/format.ts): the core's level names in, the short labels people read out.
import { describe, expect, it } from 'vitest';

import {
  axisLevels,
  horizontalTicks,
  levelLabels,
  levelTitle,
  naturalOrder,
  thinned,
  tickEvery,
  truncate,
} from '../../web/app/src/plots/labels';
import { formatAxisNumber, needsGrouping, roundSignificant } from '../../web/app/src/ui/format';

describe('formatAxisNumber', () => {
  it('rounds to significant digits, without an exponent or trailing zeros, with a true minus', () => {
    expect(formatAxisNumber(0.23632049560546875, false, 2)).toBe('0.24');
    expect(formatAxisNumber(120.5, false, 2)).toBe('120');
    expect(formatAxisNumber(58.13000106811523, false, 3)).toBe('58.1');
    expect(formatAxisNumber(1e-7, false)).toBe('0.0000001');
    expect(formatAxisNumber(0.1, false)).toBe('0.1');
    expect(formatAxisNumber(-1.25, false, 2)).toBe('−1.3');
    expect(formatAxisNumber(12345.678, true)).toBe('12,345.678');
    expect(formatAxisNumber(12345.678, true, 2)).toBe('12,000');
    expect(formatAxisNumber(2019, false)).toBe('2019');
  });

  it('groups thousands only when a number reaches 10,000', () => {
    expect(needsGrouping([1, 2019, 9999])).toBe(false);
    expect(needsGrouping([1, -10_000])).toBe(true);
    expect(roundSignificant(0, 2)).toBe(0);
    expect(roundSignificant(771.5625, 2)).toBe(770);
  });
});

describe('levelLabels', () => {
  it('rounds real bins to the fewest digits that keep neighbouring bounds apart', () => {
    expect(
      levelLabels(['[0.23632049560546875, 58.13000106811523)', '[58.13000106811523, 120.5)', '[120.5, 250.25]']),
    ).toEqual(['0.24–58', '58–120', '120–250']);
    // 58.2 needs a third digit to stay apart from 58.13; the other bounds keep two.
    expect(levelLabels(['[0.5, 58.13)', '[58.13, 58.2)', '[58.2, 58.9)', '[58.9, 120.5]'])).toEqual([
      '0.5–58',
      '58–58.2',
      '58.2–59',
      '59–120',
    ]);
    expect(
      levelLabels(['[0, 771.5625)', '[771.5625, 1543.125)', '[1543.125, 2314.6875)', '[11573.4375, 12345]']),
    ).toEqual(['0–770', '770–1,500', '1,500–2,300', '11,600–12,000']);
    expect(levelLabels(['[-5.5, -1.25)', '[-1.25, 0)', '[0, 1e-07]'])).toEqual(['−5.5–−1.3', '−1.3–0', '0–0.0000001']);
  });

  it('writes whole numbers exactly, with separators only in columns with numbers ≥ 10,000', () => {
    expect(levelLabels(['0–74999', '75000–149999', '150000–224999'])).toEqual([
      '0–74,999',
      '75,000–149,999',
      '150,000–224,999',
    ]);
    expect(levelLabels(['1–2254', '2255–2683', '14979–16213', '= 0', 'missing'])).toEqual([
      '1–2,254',
      '2,255–2,683',
      '14,979–16,213',
      '= 0',
      'missing',
    ]);
    expect(levelLabels(['17–21', '22', '23–26', '= 40'])).toEqual(['17–21', '22', '23–26', '= 40']);
    // A date column of whole years is a column of whole numbers.
    expect(levelLabels(['1999–2004', '2005–2010'])).toEqual(['1999–2004', '2005–2010']);
  });

  it('writes dates as ISO dates, the end without the fields it shares with the start', () => {
    expect(levelLabels(['2019-01-01–04-02', '2020-12-31–2021-04-01', '2021-10-08–28'])).toEqual([
      '2019-01-01–04-02',
      '2020-12-31–2021-04-01',
      '2021-10-08–28',
    ]);
    expect(levelLabels(['2018-01-01–31', '2018-02-01–03-02', '2019-12-02–31'])).toEqual([
      '2018-01-01–31',
      '2018-02-01–03-02',
      '2019-12-02–31',
    ]);
    expect(levelLabels(['2019-01-01–02', '2019-01-03', '= 2019-02-01'])).toEqual([
      '2019-01-01–02',
      '2019-01-03',
      '= 2019-02-01',
    ]);
  });

  it('writes months or years when every bin covers whole ones', () => {
    expect(levelLabels(['2019-01-01–03-31', '2019-04-01–06-30', '2019-07-01–2020-02-29', 'missing'])).toEqual([
      '2019-01–03',
      '2019-04–06',
      '2019-07–2020-02',
      'missing',
    ]);
    expect(levelLabels(['2019-01-01–12-31', '2020-01-01–2021-12-31'])).toEqual(['2019', '2020–2021']);
    // A month column's own bins.
    expect(levelLabels(['2019-01–03', '2019-04', '2019-05–2020-02'])).toEqual([
      '2019-01–03',
      '2019-04',
      '2019-05–2020-02',
    ]);
  });

  it('rounds the bounds of datetime bins to days, hours or minutes as far as they stay apart', () => {
    expect(
      levelLabels([
        '2020-01-01T00:00Z–23T20:59Z',
        '2020-01-23T21:00Z–02-15T17:59Z',
        '2020-02-15T18:00Z–03-09T14:59Z',
        '2020-12-09T03:00Z–31T23:59Z',
      ]),
    ).toEqual(['2020-01-01–23', '2020-01-24–02-15', '2020-02-16–03-09', '2020-12-09–31']);
    expect(levelLabels(['2020-01-01T00:00–05:59', '2020-01-01T06:00–11:59', '2020-01-01T12:00–02T07:29'])).toEqual([
      '2020-01-01 00:00–06:00',
      '2020-01-01 06:00–12:00',
      '2020-01-01 12:00–01-02 08:00',
    ]);
    expect(
      levelLabels(['2020-01-01T00:00:00–00:00:09', '2020-01-01T00:00:10–00:00:29', '= 2020-01-01T00:00:30']),
    ).toEqual(['2020-01-01 00:00:00–00:00:10', '2020-01-01 00:00:10–00:00:30', '= 2020-01-01 00:00:30']);
    // Bins of whole days are written as dates.
    expect(levelLabels(['2020-01-01T00:00Z–02T23:59Z', '2020-01-03T00:00Z–31T23:59Z'])).toEqual([
      '2020-01-01–02',
      '2020-01-03–31',
    ]);
  });

  it('leaves categories as they are', () => {
    expect(levelLabels(['10000', '9', 'A'])).toEqual(['10000', '9', 'A']);
    expect(levelLabels(['<=50K', '>50K', 'missing'])).toEqual(['<=50K', '>50K', 'missing']);
    expect(levelLabels(['1–5', 'none'])).toEqual(['1–5', 'none']);
  });
});

describe('naturalOrder', () => {
  it('sorts categories listed in plain text order, and numbers, numerically', () => {
    expect(naturalOrder(['10', '9', 'A'])).toEqual(['9', '10', 'A']);
    expect(naturalOrder(['1', '10', '2', '9', 'missing'])).toEqual(['1', '2', '9', '10', 'missing']);
    expect(naturalOrder(['10th', '11th', '1st-4th', '9th', 'Bachelors'])).toEqual([
      '1st-4th',
      '9th',
      '10th',
      '11th',
      'Bachelors',
    ]);
    expect(naturalOrder(['3', '1.5', '-2'])).toEqual(['-2', '1.5', '3']);
  });

  it("keeps the schema's own order of categories", () => {
    expect(naturalOrder(['Low', 'Medium', 'High'])).toEqual(['Low', 'Medium', 'High']);
    expect(naturalOrder(['Bachelors', 'Some-college', '11th', '9th'])).toEqual([
      'Bachelors',
      'Some-college',
      '11th',
      '9th',
    ]);
  });

  it("places a numeric column's common values among its bins", () => {
    expect(naturalOrder(['4–8', '9–12', '38–39', '41–44', '= 20', '= 40', 'missing'])).toEqual([
      '4–8',
      '9–12',
      '= 20',
      '38–39',
      '= 40',
      '41–44',
      'missing',
    ]);
    expect(naturalOrder(['1–2254', '14979–16213', '= 0'])).toEqual(['= 0', '1–2254', '14979–16213']);
    expect(naturalOrder(['2019-01-01–04-02', '2019-04-03–07-02', '= 2019-02-01'])).toEqual([
      '2019-01-01–04-02',
      '= 2019-02-01',
      '2019-04-03–07-02',
    ]);
  });
});

describe('axis helpers', () => {
  it('gives each level its short label, cut label and tooltip', () => {
    const axis = axisLevels(['[0.23632049560546875, 58.13)', '[58.13, 120.5]', 'missing']);
    expect(axis.domain).toEqual(['[0.23632049560546875, 58.13)', '[58.13, 120.5]', 'missing']);
    expect(axis.label('[0.23632049560546875, 58.13)')).toBe('0.24–58');
    expect(axis.label('[0.23632049560546875, 58.13)', 5)).toBe('0.24…');
    expect(axis.title('[58.13, 120.5]')).toBe('58–120\n[58.13, 120.5]');
    expect(axis.title('missing')).toBe('missing');
    expect(levelTitle('Outlying-US(Guam-USVI-etc)', 'Outlying-US(Guam-USVI-etc)')).toBe('Outlying-US(Guam-USVI-etc)');
    expect(truncate('Outlying-US(Guam-USVI-etc)', 16)).toBe('Outlying-US(Gua…');
  });

  it('turns labels that do not fit and thins ticks closer than a line of text', () => {
    expect(horizontalTicks(['A', 'B'], 40, 16)).toEqual({ rotate: 0, margin: 42, every: 1 });
    expect(horizontalTicks(['2019-01-01–04-02'], 26, 21)).toEqual({ rotate: -45, margin: 114, every: 1 });
    expect(horizontalTicks(['2019-01-01–04-02'], 14, 21)).toEqual({ rotate: -90, margin: 133, every: 1 });
    expect(horizontalTicks(['2019-01-01–04-02'], 5, 21)).toEqual({ rotate: -90, margin: 133, every: 3 });
    expect(tickEvery(14)).toBe(1);
    expect(tickEvery(5)).toBe(3);
    expect(thinned(['a', 'b', 'c', 'd', 'e'], 2)).toEqual(['a', 'c', 'e']);
  });
});
