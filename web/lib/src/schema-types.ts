// Schema JSON v1 (DESIGN §2), as TypeScript types. The core validates every schema; these types
// only help authors of schema objects.

export interface CategoricalColumn {
  name: string;
  type: 'categorical';
  /** Category labels; a numeric category matches every token that parses to the same number. */
  categories: Array<string | number>;
  nullable?: boolean;
  description?: string;
}

export interface NumericColumn {
  name: string;
  type: 'numeric';
  /** Public lower bound (from documentation, not from the data). */
  min: number;
  /** Public upper bound. */
  max: number;
  integer?: boolean;
  /** Equal-width bins of [min, max] for discrete mechanisms (default 16, or one per whole number). */
  bins?: number;
  nullable?: boolean;
  description?: string;
}

export type SchemaColumn = CategoricalColumn | NumericColumn;

export interface Schema {
  version: 1;
  name?: string;
  source?: string;
  description?: string;
  /** "inferred-from-data" marks a schema read from the private data: outputs are NOT private. */
  provenance?: 'public' | 'inferred-from-data';
  columns: SchemaColumn[];
  /** Cell texts that mean "missing" (default [""]). */
  missing?: string[];
}
