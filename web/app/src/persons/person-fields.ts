// The fields of "Who is a person?" (step 2), by their ids in AppState.fields: the column whose
// equal values are one person ('' for "each row is a different person"), the columns that hold one
// value per person (one name a line), and k, the most rows each person keeps (the run option
// rowsPerPerson, drawn by the generic OptionField from the library's catalogue).
import type { FieldSpec } from '../mechanisms/mechanism-ui';

export const PERSON_COLUMN = 'person-column';
export const PER_PERSON = 'per-person';

export const ROWS_PER_PERSON: FieldSpec = {
  id: 'rows-per-person',
  option: 'rowsPerPerson',
  label: 'Rows kept per person, at most',
  hint:
    'A person with more rows keeps this many of them, picked at random; the others are left out. ' +
    'A larger number keeps more rows but needs more noise on every figure. Leave it blank and it is ' +
    'chosen for your table, privately, so that about three people in four keep all their rows.',
  placeholder: 'chosen privately',
  step: '1',
};
