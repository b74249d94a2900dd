// The hand-written types of the wasm module (web/lib/src/wasm-module.ts) checked against the
// module itself: every declared function exists and returns values of the declared shapes.
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { packCells, parseCsv } from '../../web/lib/src/csv';
import { ERROR_CODES } from '../../web/lib/src/errors';
import { loadWasmModule, WASM_FUNCTIONS, type PrivsynthWasmModule } from '../../web/lib/src/wasm-module';
import { heartCsv, heartSchemaText, repoFile } from './helpers';

describe('the wasm module matches its hand-written types', () => {
  it('exports every declared function', async () => {
    const module = await loadWasmModule();
    for (const name of WASM_FUNCTIONS) expect(typeof (module as unknown as Record<string, unknown>)[name]).toBe('function');
  });

  it('warmUp() solves its made-up LP and returns { ok: true }', async () => {
    const module: PrivsynthWasmModule = await loadWasmModule();
    expect(module.warmUp()).toEqual({ ok: true });
  });

  it('version() and mechanisms() return a string and string[]', async () => {
    const module: PrivsynthWasmModule = await loadWasmModule();
    expect(module.version()).toMatch(/^\d+\.\d+\.\d+$/);
    // One version everywhere: CMake reads the root package.json; the npm package must agree.
    expect(module.version()).toBe(JSON.parse(readFileSync(repoFile('web/lib/package.json'), 'utf8')).version);
    const mechanisms = module.mechanisms();
    expect(Array.isArray(mechanisms)).toBe(true);
    expect(mechanisms).toContain('reduced-space-lp');
  });

  it('validateSchema() returns { ok, normalizedJson } or { ok: false, code, message }', async () => {
    const module = await loadWasmModule();
    const good = module.validateSchema(heartSchemaText());
    expect(good.ok).toBe(true);
    if (good.ok) expect(JSON.parse(good.normalizedJson).columns).toHaveLength(14);
    const bad = module.validateSchema('{"version":1,"columns":[{"name":"a","type":"numeric","min":2,"max":1}]}');
    expect(bad).toEqual({ ok: false, code: 'INVALID_SCHEMA', message: 'column 1 ("a"): "min" (2) must be less than "max" (1)' });
  });

  it('synthesize() returns typed columns, JSON texts, and error objects with known codes', async () => {
    const module = await loadWasmModule();
    const packed = packCells(parseCsv(heartCsv()));
    const phases = new Set<string>();
    const result = module.synthesize(heartSchemaText(), packed.bytes, packed.offsets, packed.rowCount, packed.columnCount,
      JSON.stringify({ epsilon: 1, degree: 1, testSeed: 3 }), (phase, fraction, detail) => {
        expect(typeof fraction).toBe('number');
        expect(typeof detail).toBe('string');
        phases.add(phase);
        return true;
      });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(typeof result.rows).toBe('number');
    expect(result.columns).toHaveLength(14);
    for (const column of result.columns) {
      if (column.kind === 'categorical') expect(column.categories).toBeInstanceOf(Int32Array);
      else expect(column.numbers).toBeInstanceOf(Float64Array);
      expect((column.kind === 'categorical' ? column.categories : column.numbers).length).toBe(result.rows);
    }
    expect(JSON.parse(result.receiptJson).kind).toBe('privsynth privacy receipt');
    expect(JSON.parse(result.reportJson).rows.synthetic).toBe(result.rows);
    expect([...phases]).toEqual(['encode', 'measure', 'lp', 'sample', 'evaluate']);

    const failure = module.synthesize(heartSchemaText(), packed.bytes, packed.offsets, packed.rowCount, packed.columnCount,
      JSON.stringify({ epsilon: 0 }), () => true);
    expect(failure.ok).toBe(false);
    if (!failure.ok) expect(ERROR_CODES).toContain(failure.code);
    const wrongShape = module.synthesize(heartSchemaText(), packed.bytes, packed.offsets, packed.rowCount + 1, packed.columnCount, '{}', () => true);
    expect(wrongShape).toMatchObject({ ok: false, code: 'INVALID_ARGUMENT' });
  });
});
