// Writes data/people/people.csv and its schema: a table with the columns real business tables have
// (an identifier, free text, a date, a date-time, numbers with missing values and spikes, a
// 720-level code with a public two-level grouping), derived deterministically from the bundled UCI Adult
// rows (every fourth record). Run: node scripts/make-people-sample.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';

const root = fileURLToPath(new URL('..', import.meta.url));
const adultSchema = JSON.parse(readFileSync(`${root}data/adult/adult.schema.json`, 'utf8'));
const categories = (name) => adultSchema.columns.find((column) => column.name === name).categories;
const rows = Papa.parse(readFileSync(`${root}data/adult/adult.csv`, 'utf8'), {
  header: true,
  skipEmptyLines: true,
}).data.filter((_, index) => index % 4 === 0);

// The job code: occupation (or "Unknown") x education x seniority (by age), 720 codes, grouped by
// occupation and the occupations by sector.
const occupations = [...categories('occupation'), 'Unknown'];
const educations = categories('education');
const seniorities = ['junior', 'mid', 'senior'];
const seniority = (age) => (age < 30 ? 'junior' : age < 50 ? 'mid' : 'senior');
const jobCode = (occupation, education, level) => `${occupation}/${education}/${level}`;
const groups = Object.fromEntries(
  occupations.map((occupation) => [
    occupation,
    educations.flatMap((education) => seniorities.map((level) => jobCode(occupation, education, level))),
  ]),
);
const sectors = {
  'management and professional': ['Exec-managerial', 'Prof-specialty', 'Tech-support'],
  'sales and office': ['Sales', 'Adm-clerical'],
  service: ['Other-service', 'Priv-house-serv', 'Protective-serv'],
  manual: ['Craft-repair', 'Handlers-cleaners', 'Machine-op-inspct', 'Farming-fishing', 'Transport-moving'],
  other: ['Armed-Forces', 'Unknown'],
};

const day = 86_400_000;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
const isoMinute = (ms) => `${new Date(ms).toISOString().slice(0, 16)}Z`;
const missing = (cell) => cell === '?' || cell === '';

const table = rows.map((row, index) => {
  const hours = Number(row['hours-per-week']);
  const occupation = missing(row.occupation) ? 'Unknown' : row.occupation;
  // Interviews: the train split in 2018, the test split in 2019; last seen in 2020, later in the
  // day for longer working weeks.
  const interview = Date.UTC(row.split === 'test' ? 2019 : 2018, 0, 1) + ((index * 7919) % 365) * day;
  const seen =
    Date.UTC(2020, 0, 1) +
    ((index * 104_729) % 366) * day +
    (6 + (hours % 16)) * 3_600_000 +
    ((index * 37) % 60) * 60_000;
  return {
    record_id: `R${100_000 + index}`,
    interview_date: isoDay(interview),
    last_seen: isoMinute(seen),
    age: row.age,
    // Missing where the occupation is unknown, as in surveys where the work questions are skipped.
    hours_per_week: missing(row.occupation) ? '' : row['hours-per-week'],
    capital_gain: row['capital-gain'],
    workclass: missing(row.workclass) ? '' : row.workclass,
    job_code: jobCode(occupation, row.education, seniority(Number(row.age))),
    income: row.income,
    notes: `${occupation.toLowerCase()} at ${hours} hours a week, ${row['marital-status'].toLowerCase()}`,
  };
});

const schema = {
  version: 1,
  name: 'people',
  source:
    'Derived from UCI Adult (every fourth record) by scripts/make-people-sample.mjs; domains from the Adult documentation and the generator, never from the data.',
  missing: [''],
  columns: [
    { name: 'record_id', type: 'id', prefix: 'R' },
    { name: 'interview_date', type: 'date', min: '2018-01-01', max: '2019-12-31', bins: 24 },
    {
      name: 'last_seen',
      type: 'datetime',
      min: '2020-01-01T00:00Z',
      max: '2020-12-31T23:59Z',
      granularity: 'minute',
      timezone: 'utc',
      bins: 12,
    },
    { name: 'age', type: 'numeric', min: 17, max: 90, integer: true, bins: 16 },
    {
      name: 'hours_per_week',
      type: 'numeric',
      min: 1,
      max: 99,
      integer: true,
      bins: 16,
      commonValues: [40],
      nullable: true,
    },
    { name: 'capital_gain', type: 'numeric', min: 0, max: 99999, integer: true, bins: 16, commonValues: [0] },
    { name: 'workclass', type: 'categorical', categories: categories('workclass'), nullable: true },
    {
      name: 'job_code',
      type: 'categorical',
      categories: Object.values(groups).flat(),
      hierarchy: [
        { name: 'occupation', groups },
        { name: 'sector', groups: sectors },
      ],
    },
    { name: 'income', type: 'categorical', categories: ['<=50K', '>50K'] },
    { name: 'notes', type: 'text', placeholder: '(free text removed)' },
  ],
};

writeFileSync(`${root}data/people/people.csv`, `${Papa.unparse(table, { newline: '\n' })}\n`);
writeFileSync(`${root}data/people/people.schema.json`, `${JSON.stringify(schema, null, 2)}\n`);
console.log(`data/people/people.csv: ${table.length} rows; job_code: ${schema.columns[7].categories.length} levels`);
