// The hand-written types of the wasm module (web/lib/src/wasm-module.ts) checked against the
// module itself: every declared function exists and returns values of the declared shapes.
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { packRows, parseCsv } from '../../web/lib/src/csv';
import { callCoreWith } from '../../web/lib/src/core-calls';
import { ERROR_CODES } from '../../web/lib/src/errors';
import { loadWasmModule, WASM_FUNCTIONS, type PrivsynthWasmModule } from '../../web/lib/src/wasm-module';
import { heartCsv, heartSchemaText, repoFile } from './helpers';

describe('the wasm module matches its hand-written types', () => {
  it('exports every declared function', async () => {
    const module = await loadWasmModule();
    for (const name of WASM_FUNCTIONS)
      expect(typeof (module as unknown as Record<string, unknown>)[name]).toBe('function');
  });

  it('warmUp() solves its made-up LP and returns { ok: true }', async () => {
    const module: PrivsynthWasmModule = await loadWasmModule();
    expect(module.warmUp()).toEqual({ ok: true });
  });

  it('callJson() answers every CoreCalls name with JSON text, and refuses with { ok: false, code, message }', async () => {
    const module: PrivsynthWasmModule = await loadWasmModule();
    const version = callCoreWith(module, 'version', []);
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    // One version everywhere: CMake reads the root package.json; the npm package must agree.
    expect(version).toBe(JSON.parse(readFileSync(repoFile('web/lib/package.json'), 'utf8')).version);
    expect(callCoreWith(module, 'mechanismCatalogue', []).mechanisms[0].id).toBe('reduced-space-lp');
    expect(callCoreWith(module, 'validateSchema', [heartSchemaText()]).columns).toHaveLength(14);
    const advice = callCoreWith(module, 'advise', [heartSchemaText(), JSON.stringify({ columns: ['age', 'sex'] })]);
    expect(advice.columns.map((column) => column.levels)).toEqual([10, 2]);
    expect(
      module.callJson(
        'validateSchema',
        JSON.stringify(['{"version":1,"columns":[{"name":"a","type":"numeric","min":2,"max":1}]}']),
      ),
    ).toEqual({
      ok: false,
      code: 'INVALID_SCHEMA',
      message: 'column 1 ("a"): "min" (2) must be less than "max" (1)',
    });
    expect(module.callJson('advise', JSON.stringify([heartSchemaText(), '{"columns":["nope"]}']))).toEqual({
      ok: false,
      code: 'INVALID_ARGUMENT',
      message: 'option "columns": the schema has no column "nope"',
    });
    expect(module.callJson('fly', '[]')).toEqual({
      ok: false,
      code: 'INVALID_ARGUMENT',
      message: 'the core has no function named fly',
    });
  });

  it('startSynthesis() opens a stream that takes row chunks and finishes with typed columns, JSON texts, and error objects with known codes', async () => {
    const module = await loadWasmModule();
    const { header, rows } = parseCsv(heartCsv());
    const started = module.startSynthesis(
      heartSchemaText(),
      JSON.stringify({ mechanism: 'reduced-space-lp', epsilon: 1, degree: 1, testSeed: 3 }),
      header,
    );
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const stream = started.stream;
    for (const chunk of [rows.slice(0, 100), rows.slice(100)]) {
      const packed = packRows(chunk, header.length);
      expect(stream.addRows(packed.bytes, packed.offsets, packed.rowCount, packed.columnCount)).toEqual({ ok: true });
    }
    const wrongShape = packRows(rows.slice(0, 2), header.length);
    expect(stream.addRows(wrongShape.bytes, wrongShape.offsets, 3, header.length)).toMatchObject({
      ok: false,
      code: 'INVALID_ARGUMENT',
    });
    const phases = new Set<string>();
    const result = stream.finish((phase, fraction, detail) => {
      expect(typeof fraction).toBe('number');
      expect(typeof detail).toBe('string');
      phases.add(phase);
      return true;
    });
    stream.delete();
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
    expect(JSON.parse(result.reportJson).rows.real).toBe(rows.length);
    expect([...phases]).toEqual(['measure', 'lp', 'sample', 'evaluate']);

    const failure = module.startSynthesis(heartSchemaText(), JSON.stringify({ epsilon: 0 }), header);
    expect(failure.ok).toBe(false);
    if (!failure.ok) expect(ERROR_CODES).toContain(failure.code);
    const wrongHeader = module.startSynthesis(heartSchemaText(), JSON.stringify({ epsilon: 1 }), ['age']);
    expect(wrongHeader).toMatchObject({ ok: false, code: 'INVALID_DATA' });
  });

  it('startSummary() counts the rows of every chunk', async () => {
    const module = await loadWasmModule();
    const { header, rows } = parseCsv(heartCsv());
    const started = module.startSummary(heartSchemaText(), 'clamp', header);
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const packed = packRows(rows, header.length);
    expect(started.stream.addRows(packed.bytes, packed.offsets, packed.rowCount, packed.columnCount)).toEqual({
      ok: true,
    });
    const summary = started.stream.finish();
    started.stream.delete();
    expect(JSON.parse(summary.summaryJson).inputRows).toBe(rows.length);
    expect(module.startSummary(heartSchemaText(), 'drop', header)).toMatchObject({
      ok: false,
      code: 'INVALID_ARGUMENT',
    });
  });
});
