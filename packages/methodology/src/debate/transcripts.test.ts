import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import {
  compareTranscripts,
  extractKeyFacts,
  reverifyAudio,
  transcriptsAgree,
  type AudioTranscript,
} from './transcripts.js';

const numbers = (text: string, language: 'pt' | 'es' = 'pt') =>
  extractKeyFacts(text, { language }).numbers.map((number) => [number.value, number.unit]);

describe('extractKeyFacts numbers (AUD-1)', () => {
  it.each([
    ['a inflação foi de sete e meio por cento', [[7.5, 'percent']]],
    ['a inflação foi de 10,5%', [[10.5, 'percent']]],
    ['a inflação foi de 7,5 por cento', [[7.5, 'percent']]],
    ['são 134 milhões de brasileiros', [[134e6, null]]],
    ['são 134 mil brasileiros', [[134e3, null]]],
    ['a dívida passa de 11 trilhões', [[1.1e13, null]]],
    ['a dívida passa de onze trilhões', [[1.1e13, null]]],
    ['quando é 10,8', [[10.8, null]]],
    ['dez vírgula oito trilhões', [[1.08e13, null]]],
    ['em dois mil e vinte e três', [[2023, null]]],
    [
      'em 2023 e não em 2003',
      [
        [2023, null],
        [2003, null],
      ],
    ],
    ['cento e trinta e quatro', [[134, null]]],
    ['um milhão e meio de empregos', [[1.5e6, null]]],
    ['meio milhão de casas', [[5e5, null]]],
    ['um bilhão e duzentos milhões', [[1.2e9, null]]],
    ['duzentos e cinquenta mil', [[250e3, null]]],
    ['2 mil e 500 reais', [[2500, null]]],
    ['R$ 1,5 bilhão', [[1.5e9, null]]],
    ['1.234.567 votos', [[1234567, null]]],
    ['1.234,5 toneladas', [[1234.5, null]]],
    ['vinte e um por cento dos eleitores', [[21, 'percent']]],
    ['zero vírgula zero cinco por cento', [[0.05, 'percent']]],
  ])('pt: %s', (text, expected) => {
    expect(numbers(text)).toEqual(expected);
  });

  it.each([
    ['la inflación fue de siete y medio por ciento', [[7.5, 'percent']]],
    ['son ciento treinta y cuatro millones', [[134e6, null]]],
    ['mil millones de dólares', [[1e9, null]]],
    ['dos mil millones', [[2e9, null]]],
    ['un millón y medio', [[1.5e6, null]]],
    ['en dos mil veintitrés', [[2023, null]]],
    ['siete coma cinco por ciento', [[7.5, 'percent']]],
    ['un 10,5% de los votos', [[10.5, 'percent']]],
    ['son 1.234.567 personas', [[1234567, null]]],
  ])('es: %s', (text, expected) => {
    expect(numbers(text, 'es')).toEqual(expected);
  });

  it('does not read articles or "meio ambiente" as numbers, nor pt "dos" as two', () => {
    expect(numbers('um candidato falou do meio ambiente dos brasileiros')).toEqual([]);
    expect(numbers('uno de ellos', 'es')).toEqual([]);
    expect(numbers('dos candidatos', 'es')).toEqual([[2, null]]);
    expect(numbers('um por cento')).toEqual([[1, 'percent']]);
  });

  it('keeps the text of each number', () => {
    expect(extractKeyFacts('foi de sete e meio por cento.').numbers[0]?.text).toBe('sete e meio por cento');
  });
});

describe('extractKeyFacts names (AUD-1)', () => {
  it('takes capitalised words inside sentences, sentence openers that are not ordinary words, and acronyms', () => {
    const names = extractKeyFacts(
      'Ele falou da posse no Irã. Lula citou o IBGE e o Sr. Bolsonaro. IBGE confirmou.',
    ).names;
    expect(names.map((name) => name.text)).toEqual(['Irã', 'Lula', 'IBGE', 'Bolsonaro', 'IBGE']);
  });

  it('never takes an ordinary sentence opener for a name (pt and es)', () => {
    expect(extractKeyFacts('O governo cresceu. Hoje a economia vai bem. Então votamos.').names).toEqual([]);
    expect(
      extractKeyFacts('El gobierno creció. Hoy la economía va bien. Entonces votamos.', { language: 'es' }).names,
    ).toEqual([]);
  });
});

describe('transcriptsAgree (AUD-1): a misheard name opening the sentence still disagrees', () => {
  it('Eletrobras ≠ Petrobras at the start of a sentence', () => {
    expect(transcriptsAgree('Eletrobras foi privatizada em 2022.', 'Petrobras foi privatizada em 2022.')).toBe(false);
  });
  it('the same name opening one transcript and inside the other agrees', () => {
    expect(transcriptsAgree('Eletrobras foi privatizada.', 'a Eletrobras foi privatizada.')).toBe(true);
  });
});

describe('transcriptsAgree (AUD-1): the seed’s transcription errors disagree', () => {
  it.each([
    ['a inflação chegou a sete e meio por cento', 'a inflação chegou a 10,5%'],
    ['temos 134 milhões de eleitores', 'temos 134 mil eleitores'],
    ['o governo privatizou a Eletrobras', 'o governo privatizou a Petrobras'],
    ['ele foi à posse no Irã', 'ele foi à posse na Venezuela'],
    ['a inflação foi de 10,5%', 'a inflação foi de 10,5'],
  ])('%s ≠ %s', (a, b) => {
    expect(transcriptsAgree(a, b)).toBe(false);
    expect(transcriptsAgree(b, a)).toBe(false);
  });

  it.each([
    ['a inflação chegou a sete e meio por cento', 'A inflação chegou a 7,5%.'],
    ['a dívida é de onze trilhões de reais', 'a dívida é de R$ 11 trilhões'],
    ['em dois mil e vinte e três o IBGE mediu', 'Em 2023, o IBGE mediu'],
    ['o governo privatizou a Eletrobras em 2022', 'Eletrobras foi privatizada pelo governo em 2022'],
    ['la inflación fue de siete y medio por ciento', 'la inflación fue de 7,5%'],
  ])('%s = %s', (a, b) => {
    const language = /inflación/.test(a) ? 'es' : 'pt';
    expect(transcriptsAgree(a, b, { language })).toBe(true);
  });

  it('reports what differs', () => {
    const comparison = compareTranscripts('temos 134 milhões de eleitores', 'temos 134 mil eleitores');
    expect(comparison.numbers.onlyInA.map((number) => number.value)).toEqual([134e6]);
    expect(comparison.numbers.onlyInB.map((number) => number.value)).toEqual([134e3]);
  });

  it('rejects a non-string and an unknown language', () => {
    expect(() => transcriptsAgree(1 as never, 'a')).toThrow(/AUD-1.*a:/);
    expect(() => transcriptsAgree('a', 'b', { language: 'en' as never })).toThrow(MethodologyInputError);
  });
});

const word = fc.constantFrom(
  'a',
  'inflação',
  'Lula',
  'IBGE',
  'sete',
  'e',
  'meio',
  'por',
  'cento',
  '10,5%',
  '134',
  'milhões',
  'mil',
  'Petrobras',
  'no',
  'Irã',
  '.',
  'dívida',
  'onze',
  'trilhões',
  'um',
  'candidato',
  'vinte',
  '2023',
);
const transcript = fc.array(word, { maxLength: 20 }).map((words) => words.join(' '));

describe('transcriptsAgree properties (AUD-1)', () => {
  test.prop([transcript])('is reflexive', (text) => {
    expect(transcriptsAgree(text, text)).toBe(true);
  });

  test.prop([transcript, transcript])('is symmetric', (a, b) => {
    expect(transcriptsAgree(a, b)).toBe(transcriptsAgree(b, a));
  });

  test.prop([fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })])(
    'reads integers written with pt thousands dots',
    (value) => {
      const digits = String(value);
      const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
      expect(numbers(`são ${grouped} votos`)).toEqual([[value, null]]);
      expect(numbers(`son ${grouped} votos`, 'es')).toEqual([[value, null]]);
    },
  );
});

const openai = (text: string): AudioTranscript => ({ vendor: 'openai', model: 'gpt-audio-mini', text });
const google = (text: string): AudioTranscript => ({ vendor: 'google', model: 'gemini-flash-lite', text });
const openaiLarge = (text: string): AudioTranscript => ({ vendor: 'openai', model: 'gpt-audio', text });

describe('reverifyAudio (AUD-1)', () => {
  const right = 'a inflação chegou a sete e meio por cento';
  const wrong = 'a inflação chegou a 10,5%';
  const other = 'a inflação chegou a 8%';

  it('two agreeing transcripts confirm', () => {
    expect(reverifyAudio({ transcripts: [openai(right), google('a inflação chegou a 7,5%')] })).toEqual({
      outcome: 'confirmed',
      winner: 0,
      agreeing: [0, 1],
      action: 'publish',
      checkStatus: 'published',
      trace: ['AUD-1'],
    });
  });

  it('disagreement asks for a third; a third that agrees with one gives that one', () => {
    expect(reverifyAudio({ transcripts: [openai(right), google(wrong)] })).toMatchObject({
      outcome: 'need_third',
      action: 'transcribe_third',
      winner: null,
    });
    expect(
      reverifyAudio({ transcripts: [openai(right), google(wrong), openaiLarge('inflação de 7,5%')] }),
    ).toMatchObject({
      outcome: 'majority',
      winner: 0,
      agreeing: [0, 2],
      action: 'publish',
    });
    expect(
      reverifyAudio({ transcripts: [openai(right), google(wrong), openaiLarge('inflação de 10,5%')] }),
    ).toMatchObject({
      outcome: 'majority',
      winner: 1,
      agreeing: [1, 2],
    });
  });

  it('without a majority, the arbiter decides: publish, correct or under_review', () => {
    const transcripts = [openai(right), google(wrong), openaiLarge(other)];
    expect(reverifyAudio({ transcripts })).toMatchObject({
      outcome: 'arbiter',
      action: 'ask_arbiter',
      checkStatus: null,
    });
    expect(reverifyAudio({ transcripts, arbiterChoice: 'publish' })).toMatchObject({
      action: 'publish',
      checkStatus: 'published',
    });
    expect(reverifyAudio({ transcripts, arbiterChoice: 'correct' })).toMatchObject({
      action: 'correct',
      checkStatus: null,
    });
    expect(reverifyAudio({ transcripts, arbiterChoice: 'under_review' })).toMatchObject({
      action: 'under_review',
      checkStatus: 'under_review',
    });
  });

  it('a winner that disagrees with the judged sentence asks for a correction', () => {
    expect(reverifyAudio({ original: wrong, transcripts: [openai(right), google('inflação de 7,5%')] })).toMatchObject({
      outcome: 'confirmed',
      action: 'correct',
      checkStatus: null,
    });
    expect(reverifyAudio({ original: right, transcripts: [openai(right), google('inflação de 7,5%')] })).toMatchObject({
      action: 'publish',
    });
  });

  it('requires the first two from different vendors, and 2–3 transcripts', () => {
    expect(() => reverifyAudio({ transcripts: [openai(right), openaiLarge(right)] })).toThrow(
      /AUD-1.*transcripts\.1\.vendor/,
    );
    expect(() => reverifyAudio({ transcripts: [openai(right)] })).toThrow(/transcripts/);
    expect(() =>
      reverifyAudio({ transcripts: [openai(right), google(right), openaiLarge(right), google(right)] }),
    ).toThrow(MethodologyInputError);
  });
});
