// The core's catalogue of mechanisms (mechanismCatalogue(); core/include/privsynth/mechanisms.hpp).
import type { Mechanism } from './options-types.js';

/** One option as the core reads it. */
export interface CatalogueOption {
  name: string;
  type: 'number' | 'integer' | 'boolean' | 'text' | 'text-list' | 'choice' | 'column-sets';
  /** "choice": the values it takes, in order. */
  values?: string[];
  /** "number" and "integer": inclusive bounds. */
  minimum?: number;
  maximum?: number;
  /** The value must exceed `minimum` (epsilon, for example). */
  minimumExcluded?: boolean;
  /** For tests only (the output is then NOT private); not among the library's option types. */
  testOnly?: boolean;
}

/** One mechanism: its id, a label, the kind of privacy it gives and the options it reads. */
export interface CatalogueMechanism {
  id: Mechanism;
  label: string;
  privacy: {
    /** "replace-one": the number of records is public and the receipt states it. */
    neighbours: 'add-remove' | 'replace-one';
    /** "basic": pure epsilon-DP; "zcdp": (epsilon, delta)-DP accounted as rho-zCDP. */
    accounting: 'basic' | 'zcdp';
    /** The two in words, e.g. "pure epsilon-DP, add/remove one record". */
    summary: string;
  };
  /** Its own options, in the order it reads them. */
  options: CatalogueOption[];
}

/** Every mechanism and every option a run reads, from the code that reads them. */
export interface MechanismCatalogue {
  kind: 'privsynth mechanism catalogue';
  /** Read for every mechanism (epsilon, mechanism, columns, ...). */
  commonOptions: CatalogueOption[];
  /** In the core's order ("mechanism": "auto", the default, picks one of them). */
  mechanisms: CatalogueMechanism[];
}
