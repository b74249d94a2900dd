// Adult's column sets the benches share: the demo's 6 columns and a 10-column middle size.
export const demoColumns = ['age', 'workclass', 'education', 'sex', 'race', 'income'];
export const tenColumns = [
  'age',
  'workclass',
  'education',
  'marital-status',
  'occupation',
  'relationship',
  'race',
  'sex',
  'hours-per-week',
  'income',
];
