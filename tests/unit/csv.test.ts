import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../../worker/src/schemas/csv.ts';

describe('csv', () => {
  it('round-trips commas, quotes, line breaks and formula-like text', () => {
    const rows = [
      ['Michelin, Inc.', 'say "hi"', 'two\nlines', '=SUM(A1)', -5, true, null],
      ['plain', '', 'x', '@home', 3.5, false, undefined],
    ];
    const text = toCsv(['a', 'b', 'c', 'd', 'e', 'f', 'g'], rows);
    expect(text).toContain("'=SUM(A1)");
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      ['Michelin, Inc.', 'say "hi"', 'two\nlines', '=SUM(A1)', '-5', '1', ''],
      ['plain', '', 'x', '@home', '3.5', '0', ''],
    ]);
  });

  it('reads CRLF, a byte-order mark and a missing final line break, skipping blank lines', () => {
    expect(parseCsv('\ufeffa,b\r\n\r\n1,2')).toEqual([['a', 'b'], ['1', '2']]);
  });
});
