// The bundled samples and their public schemas, compiled into the page with Vite's `?raw` suffix:
// static imports only, so nothing is fetched after the page has loaded.
import adultCsv from '../../../../data/adult/adult.csv?raw';
import adultSchema from '../../../../data/adult/adult.schema.json?raw';
import heartCsv from '../../../../data/heart/heart_cleveland.csv?raw';
import heartSchema from '../../../../data/heart/heart_cleveland.schema.json?raw';
import visitsCsv from '../../../../data/visits/visits.csv?raw';
import visitsSchema from '../../../../data/visits/visits.schema.json?raw';

export type BundledId = 'adult' | 'heart' | 'visits';

export interface BundledDataset {
  id: BundledId;
  /** Name of the dataset, used in labels and download names. */
  title: string;
  fileName: string;
  csv: string;
  schemaText: string;
  schemaLabel: string;
  /** Columns selected by default when this sample is loaded (null: every column). */
  defaultColumns: string[] | null;
}

/**
 * The reduced-space LP with a uniform reference measure is accurate and fast on a handful of
 * columns with few levels; these six Adult columns give 953 statistics at degree 2.
 */
export const ADULT_DEFAULT_COLUMNS = ['age', 'workclass', 'education', 'sex', 'race', 'income'];

export const HEART_DEFAULT_COLUMNS = ['sex', 'cp', 'exang', 'num'];

export const BUNDLED: Record<BundledId, BundledDataset> = {
  adult: {
    id: 'adult',
    title: 'UCI Adult',
    fileName: 'adult.csv',
    csv: adultCsv,
    schemaText: adultSchema,
    schemaLabel: 'UCI Adult (bundled)',
    defaultColumns: ADULT_DEFAULT_COLUMNS,
  },
  heart: {
    id: 'heart',
    title: 'Heart disease (Cleveland)',
    fileName: 'heart_cleveland.csv',
    csv: heartCsv,
    schemaText: heartSchema,
    schemaLabel: 'Heart disease, Cleveland (bundled)',
    // 303 records: at epsilon = 1 only a few low-cardinality columns keep the noise per cell small.
    defaultColumns: HEART_DEFAULT_COLUMNS,
  },
  // Several rows per patient: its schema names patient_id as the privacy unit, so the page
  // protects each patient with all their visits from the first click (docs/privacy/privacy-unit.md).
  visits: {
    id: 'visits',
    title: 'hospital visits',
    fileName: 'visits.csv',
    csv: visitsCsv,
    schemaText: visitsSchema,
    schemaLabel: 'Hospital visits (bundled)',
    defaultColumns: null,
  },
};
