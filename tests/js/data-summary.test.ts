// summarizeData(): the pre-run view of a table against its schema, through the library.
import { describe, expect, it } from 'vitest';

import { PrivsynthError, summarizeData } from 'privsynth';
import { adultCsv, adultSchemaText } from './helpers';

describe('summarizeData', () => {
  it('counts rows and missing values of Adult without spending anything', async () => {
    const summary = await summarizeData({ csv: adultCsv(), schema: adultSchemaText() });
    expect(summary.inputRows).toBe(48_842);
    expect(summary.keptRows).toBe(48_842);
    expect(summary.outOfDomainPolicy).toBe('clamp');
    const workclass = summary.columns.find((column) => column.name === 'workclass');
    // Adult's "?" cells in workclass: 2,799 (train + test).
    expect(workclass?.missing).toBe(2_799);
    expect(summary.notice).toContain('for your eyes only');
  });

  it('fails as a run would, with the same codes', async () => {
    const csv = 'age,sex\n30,Male\n';
    const failure = await summarizeData({ csv, schema: adultSchemaText() }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PrivsynthError);
    expect((failure as InstanceType<typeof PrivsynthError>).code).toBe('INVALID_DATA');
  });
});
