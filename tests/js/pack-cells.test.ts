// packCells copies ASCII cells byte by byte and UTF-8-encodes the rest: the packed bytes and
// offsets must equal a plain TextEncoder encoding of every cell, in row-major order.
import { describe, expect, it } from 'vitest';

import { packCells } from '../../web/lib/src/csv';

describe('packCells', () => {
  it('packs ASCII, non-ASCII, empty and growing cells exactly as UTF-8', () => {
    const header = ['name', 'città', ''];
    const rows = [
      ['Zoë', '東京', ''],
      ['plain', 'x'.repeat(5000), '😀 emoji'],
      ['', 'é', 'ascii only'],
    ];
    const packed = packCells({ header, rows });
    const cells = [header, ...rows].flat();
    const encoder = new TextEncoder();
    const expected = cells.map((cell) => encoder.encode(cell));
    expect(packed.rowCount).toBe(4);
    expect(packed.columnCount).toBe(3);
    expect(packed.offsets[0]).toBe(0);
    expected.forEach((bytes, i) => {
      expect(packed.offsets[i + 1] - packed.offsets[i]).toBe(bytes.length);
      expect(Array.from(packed.bytes.subarray(packed.offsets[i], packed.offsets[i + 1]))).toEqual(Array.from(bytes));
    });
    expect(packed.bytes.length).toBe(expected.reduce((sum, bytes) => sum + bytes.length, 0));
  });
});
