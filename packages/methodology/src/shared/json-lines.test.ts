import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonLinesError, jsonLines, parseJsonLine, parseJsonLines, toJsonLines } from './json-lines.js';

const json = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown);

describe('JSON Lines', () => {
  test.prop([fc.array(json, { maxLength: 20 }), fc.boolean()])(
    'writing then reading gives the rows back, with LF or CRLF endings',
    (rows, crlf) => {
      const written = toJsonLines(rows);
      const text = crlf ? written.replaceAll('\n', '\r\n') : written;
      expect(parseJsonLines(text, 'rows.jsonl').map((line) => line.value)).toEqual(rows);
    },
  );

  it('numbers lines as an editor does: blank lines counted, not returned; a byte-order mark removed', () => {
    expect(jsonLines('\ufeff{"a":1}\r\n\n   \n{"a":2}')).toEqual([
      { number: 1, text: '{"a":1}' },
      { number: 4, text: '{"a":2}' },
    ]);
    expect(toJsonLines([])).toBe('');
  });

  it('names the file and the line of a line that is not JSON', () => {
    const error = (() => {
      try {
        parseJsonLines('{"a":1}\n{"a":\n', 'articles.jsonl');
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(JsonLinesError);
    expect((error as JsonLinesError).reason).toBe('not_json');
    expect((error as JsonLinesError).lineNumber).toBe(2);
    expect((error as Error).message).toMatch(/^articles\.jsonl line 2 is not valid JSON: /);
  });

  it('names the field a schema rejects', () => {
    const schema = z.object({ id: z.string(), score: z.number() });
    expect(parseJsonLine({ number: 3, text: '{"id":"x","score":2}' }, 'set.jsonl', schema)).toEqual({
      id: 'x',
      score: 2,
    });
    expect(() => parseJsonLine({ number: 3, text: '{"id":"x"}' }, 'set.jsonl', schema)).toThrow(
      /^set\.jsonl line 3: score: /,
    );
    expect(() => parseJsonLine({ number: 3, text: '7' }, 'set.jsonl', schema)).toThrow(
      /^set\.jsonl line 3: \(line\): /,
    );
  });
});
