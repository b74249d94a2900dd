// The demo's run options read from the raw text of step 2's fields (web/app/src/method-fields/
// parameters.ts): exact options for the automatic choice, for a mechanism whose fields are blank (the
// library's defaults), and none while a number is out of the catalogue's range, with its error.
import { describe, expect, it } from 'vitest';

import { readParameters, type ParametersInput } from '../../web/app/src/method-fields/parameters';
import { EACH_ROW_A_PERSON } from '../../web/app/src/persons/person-choice';

const state = (patch: Partial<ParametersInput>): ParametersInput => ({
  fields: {},
  automatic: true,
  mechanism: 'reduced-space-lp',
  columns: ['age', 'sex'],
  schemaAdvice: null,
  input: null,
  comparedData: [],
  persons: EACH_ROW_A_PERSON,
  ...patch,
});

describe("step 2's options from the fields' text", () => {
  it('names "auto" with the common options at their defaults', () => {
    expect(readParameters(state({}))).toEqual({
      parameters: { epsilon: 1, outOfDomain: 'clamp', mechanism: 'auto' },
      columnsNeeded: { count: 1, reason: 'the automatic choice' },
      statedRows: null,
      errors: {},
    });
  });

  it("leaves a mechanism's blank fields out, for the library's defaults", () => {
    const blanks = { 'synthetic-rows': '', 'reduced-space-size': ' ', 'reference-budget': '' };
    const read = readParameters(
      state({ automatic: false, fields: { ...blanks, epsilon: '0.5', 'stated-rows': '1000' } }),
    );
    expect(read.parameters).toEqual({
      epsilon: 0.5,
      outOfDomain: 'clamp',
      mechanism: 'reduced-space-lp',
      degree: 2,
    });
    expect(read.columnsNeeded).toEqual({ count: 2, reason: 'degree 2' });
    expect(read.statedRows).toBe(1000);

    const marginal = readParameters(state({ automatic: false, mechanism: 'marginal-lp', fields: { fit: 'tree' } }));
    expect(marginal.parameters).toEqual({
      epsilon: 1,
      outOfDomain: 'clamp',
      mechanism: 'marginal-lp',
      delta: 1e-9,
      fit: 'tree',
    });
    expect(marginal.columnsNeeded).toEqual({ count: 2, reason: 'the tree fit' });
  });

  it('reads no options while a number is outside its range, and says why next to the field', () => {
    const read = readParameters(
      state({ automatic: false, mechanism: 'sampler', fields: { samples: '0', 'max-obscuring': '2' } }),
    );
    expect(read.parameters).toBeNull();
    expect(read.errors).toEqual({
      samples: 'Enter a whole number from 1 to 10,000,000.',
      'max-obscuring': 'Enter a number from 0.01 to 1, or leave it blank.',
    });
    // The sampler's reveal-or-obscure limit does not apply to the histogram: its field is not read.
    const histogram = readParameters(
      state({ automatic: false, mechanism: 'sampler', fields: { sampler: 'laplace-histogram', 'max-obscuring': '2' } }),
    );
    expect(histogram.parameters).toEqual({
      epsilon: 1,
      outOfDomain: 'clamp',
      mechanism: 'sampler',
      sampler: 'laplace-histogram',
      samples: 100,
    });
  });
});
