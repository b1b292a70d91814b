import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { extractBoletines } from './boletin.js';

describe('extractBoletines (rule LINK-1)', () => {
  it.each([
    ['Senado despacha el Boletín N° 12.345-07 a la Cámara', ['12345-07']],
    ['Comisión vota el boletín 12345-07', ['12345-07']],
    ['Refunden boletines 1234-05 y 5678-06', ['1234-05', '5678-06']],
    ['Boletines N°s 1234-05, 5678-06 y 9012-07', ['1234-05', '5678-06', '9012-07']],
    ['Boletín N.º 9.876-03', ['9876-03']],
    ['Boletín Nº 9876-03', ['9876-03']],
    ['boletín nro. 123-15', ['123-15']],
    ['boletin Nro 123-15', ['123-15']],
    ['BOLETÍN NÚM. 16.001-13', ['16001-13']],
    ['boletín número 4.321 - 10', ['4321-10']],
    ['boletín 4321 –10', ['4321-10']],
    ['el boletín: 00123-04; N° 456-07 & 789-10.', ['123-04', '456-07', '789-10']],
    ['Boletín 12345-07 (antes boletín 12.345-07) y boletín 2345-07', ['12345-07', '2345-07']],
    ['Boletines N.os 1234-05 e 5678-06', ['1234-05', '5678-06']],
    ['boletines 1234-05, N° 5678-06, y Nº 9012-07', ['1234-05', '5678-06', '9012-07']],
    // Not boletines:
    ['proyecto 12.345-07 sin la palabra', []],
    ['boletín 12-05-2024', []],
    ['boletín 2024-05-12', []],
    ['boletín 12/05', []],
    ['boletín 12.05.2024', []],
    ['boletín +56 9 1234 5678', []],
    ['boletín 2-2345-6789', []],
    ['boletín $12.345', []],
    ['boletín 12.345.678-9', []],
    ['boletín RUT 12.345.678-9', []],
    ['boletín 1234567-05', []],
    ['boletín 1234-5', []],
    ['boletín 1234-056', []],
    ['preboletín 1234-05', []],
    ['Boletín Oficial de hoy: 1234-05', []],
    ['boletín 0-05', []],
  ])('%s → %j', (text, expected) => {
    expect(extractBoletines(text)).toEqual(expected);
  });

  it('rejects non-strings with an AGR/LINK error', () => {
    expect(() => extractBoletines(12345 as unknown as string)).toThrow(MethodologyInputError);
    expect(() => extractBoletines(undefined as unknown as string)).toThrow(/LINK-1/);
  });

  // --- generators -----------------------------------------------------------------------------
  const words = fc.constantFrom(
    'Senado',
    'aprueba',
    'proyecto',
    'de',
    'ley',
    'sobre',
    'pensiones',
    'la',
    'comisión',
    'Cámara',
    'despacha',
    'en',
    'sala',
    'urgencia',
    'el',
    'gobierno',
  );
  const filler = fc.array(words, { maxLength: 6 }).map((list) => list.join(' '));
  const boletin = fc.record({ number: fc.integer({ min: 1, max: 99_999 }), suffix: fc.integer({ min: 0, max: 99 }) });
  const marker = fc.constantFrom('', 'N° ', 'Nº ', 'N.º ', 'N°', 'nro. ', 'Nro ', 'núm. ', 'número ', 'No. ');
  const dash = fc.constantFrom('-', ' - ', '–', ' –', '- ', '\u2212');
  const formatNumber = (number: number, withThousands: boolean): string =>
    withThousands && number >= 1000
      ? `${Math.floor(number / 1000)}.${String(number % 1000).padStart(3, '0')}`
      : String(number);
  const written = fc
    .tuple(boletin, marker, dash, fc.boolean())
    .map(([value, chosenMarker, chosenDash, withThousands]) => ({
      expected: `${value.number}-${String(value.suffix).padStart(2, '0')}`,
      text: `${chosenMarker}${formatNumber(value.number, withThousands)}${chosenDash}${String(value.suffix).padStart(2, '0')}`,
    }));
  const singular = fc
    .tuple(fc.constantFrom('Boletín', 'boletín', 'BOLETÍN', 'boletin', 'Boletin'), written)
    .map(([keyword, item]) => ({
      text: `${keyword} ${item.text}`,
      expected: [item.expected],
    }));
  const plural = fc
    .tuple(
      fc.constantFrom('Boletines', 'boletines', 'BOLETINES', 'Boletines N°s', 'boletines Nos.'),
      fc.array(written, { minLength: 2, maxLength: 4 }),
    )
    .map(([keyword, items]) => {
      const texts = items.map((item) => item.text.replace(/^\D+/, ''));
      const joined =
        texts.length === 2 ? `${texts[0]} y ${texts[1]}` : `${texts.slice(0, -1).join(', ')} y ${texts.at(-1)}`;
      return { text: `${keyword} ${joined}`, expected: items.map((item) => item.expected) };
    });
  const mention = fc.oneof(singular, plural);

  test.prop([fc.array(fc.tuple(filler, mention), { minLength: 1, maxLength: 4 }), filler])(
    'finds every number written in a valid format, unique and in order',
    (parts, tail) => {
      const text = `${parts.map(([before, item]) => `${before} ${item.text}`).join(', ')} ${tail}`;
      const expected = [...new Set(parts.flatMap(([, item]) => item.expected))];
      expect(extractBoletines(text)).toEqual(expected);
    },
  );

  const twoDigits = (value: number): string => String(value).padStart(2, '0');
  const day = fc.integer({ min: 1, max: 28 }).map(twoDigits);
  const month = fc.integer({ min: 1, max: 12 }).map(twoDigits);
  const year = fc.integer({ min: 1990, max: 2035 }).map(String);
  const digits = (length: number) =>
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((list) => list.join(''));
  const date = fc.oneof(
    fc.tuple(day, month, year).map(([d, m, y]) => `${d}-${m}-${y}`),
    fc.tuple(day, month).map(([d, m]) => `${d}/${m}`),
    fc.tuple(day, month, year).map(([d, m, y]) => `${d}/${m}/${y}`),
    fc.tuple(day, month, year).map(([d, m, y]) => `${y}-${m}-${d}`),
    fc.tuple(day, month, year).map(([d, m, y]) => `${d}.${m}.${y}`),
  );
  const phone = fc.oneof(
    fc.tuple(digits(4), digits(4)).map(([a, b]) => `+56 9 ${a} ${b}`),
    fc.tuple(digits(4), digits(4)).map(([a, b]) => `2-${a}-${b}`),
    fc.tuple(digits(4), digits(4)).map(([a, b]) => `(2) ${a} ${b}`),
    digits(8).map((rest) => `+569${rest}`),
    fc.tuple(digits(4), digits(4)).map(([a, b]) => `22-${a}-${b}`),
  );
  const dotted = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const money = fc.oneof(
    fc.integer({ min: 1000, max: 999_999_999 }).map((value) => `$${dotted(value)}`),
    fc.integer({ min: 1000, max: 999_999 }).map((value) => `$ ${dotted(value)}`),
    fc.integer({ min: 1, max: 999 }).map((value) => `US$ ${value},5 millones`),
  );
  const rut = fc
    .tuple(
      fc.integer({ min: 1_000_000, max: 99_999_999 }),
      fc.constantFrom('0', '1', '2', '5', '9', 'K', 'k'),
      fc.boolean(),
    )
    .map(([body, check, withDots]) => `${withDots ? dotted(body) : String(body)}-${check}`);
  const noise = fc.oneof(date, phone, money, rut);

  test.prop([
    fc.array(fc.tuple(filler, fc.boolean(), noise, fc.constantFrom('', ' ', ', ', '. ')), {
      minLength: 1,
      maxLength: 6,
    }),
  ])('never reads dates, phone numbers, amounts or RUTs — even right after the word boletín', (parts) => {
    const text = parts
      .map(([before, keyword, token, after]) => `${before} ${keyword ? 'boletín ' : ''}${token}${after}`)
      .join(' ');
    expect(extractBoletines(text)).toEqual([]);
  });
});
