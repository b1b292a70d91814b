import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

/** A small RFC 4180 reader, for the round trip only: quoted fields, doubled quotes, CRLF records. */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted && character === '"' && text[index + 1] === '"') {
      field += '"';
      index += 1;
    } else if (quoted && character === '"') {
      quoted = false;
    } else if (quoted) {
      field += character;
    } else if (character === '"') {
      quoted = true;
    } else if (character === ',') {
      record.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 1;
    } else {
      field += character;
    }
  }
  return records;
}

describe('csvCell and toCsv', () => {
  it('quotes, doubles quotes, defuses formulas, writes objects as JSON', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell({ a: [1, 'b'] })).toBe('"{""a"":[1,""b""]}"');
    expect(toCsv(['a', 'b'], [[1, 'x\ny']])).toBe('a,b\r\n1,"x\ny"\r\n');
  });

  test.prop([fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 2 }), { maxLength: 5 })])(
    'reads back as the same cells, a formula-like text behind one apostrophe',
    (rows) => {
      const read = readCsv(toCsv(['x', 'y'], rows));
      expect(read[0]).toEqual(['x', 'y']);
      expect(read.slice(1)).toEqual(
        rows.map((row) => row.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell))),
      );
    },
  );
});
