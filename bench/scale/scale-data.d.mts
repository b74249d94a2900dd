// Types of bench/scale-data.mjs for the TypeScript tests that generate its table.
export function scaleSchema(): { version: 1; name: string; source: string; missing: string[]; columns: unknown[] };
export function ensureScaleData(csvPath: string, schemaPath: string, rows: number): Promise<void>;
export const LEVELS: number[];
