// What the store derives from the state on every change, in order: who is a person and the schema
// the run uses (persons/person-choice.ts), then the run's options from step 2's fields, which read
// the person choice (method-fields/parameters.ts).
import { withParameters } from './method-fields/parameters';
import { withPersons } from './persons/person-choice';
import type { Derive } from './store';

export const derivePage: Derive = (next, previous) => {
  const persons = withPersons(next, previous);
  return { ...persons, ...withParameters({ ...next, ...persons }, previous) };
};
