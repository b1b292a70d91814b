import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { ATTRIBUTION_COMMON_WORDS, attributionCheck } from './attribution.js';
import type { AttributionRosterEntry } from './schemas.js';

const roster: AttributionRosterEntry[] = [
  { name: 'El País', domain: 'elpais.com' },
  { name: 'La Nación', domain: 'www.lanacion.com.ar' },
  { name: 'Infobae', domain: 'infobae.com' },
  { name: 'Clarín', domain: 'clarin.com' },
  { name: 'Página/12', domain: 'pagina12.com.ar' },
  { name: 'Marca', domain: 'marca.com' },
  { name: 'AS', domain: 'as.com' },
  { name: 'CNN', domain: 'cnn.com' },
  { name: 'CNN Chile', domain: 'cnnchile.com' },
  { name: 'Folha de S.Paulo', domain: 'folha.uol.com.br', aliases: ['Folha'] },
  { name: 'O Globo', domain: 'oglobo.globo.com' },
];

/** `outlet@matchedText` of every hit of one sentence. */
function hitsOf(sentence: string, entries: AttributionRosterEntry[] = roster): string[] {
  return attributionCheck([sentence], entries).map((hit) => `${hit.outlet}@${hit.matchedText}`);
}

describe('attributionCheck (SYN-4) worked examples', () => {
  it('finds the seed examples with their cue: "según La Nación", "como informó El País"', () => {
    const hits = attributionCheck(
      ['Según La Nación, el acuerdo se firmó ayer.', 'El déficit bajó, como informó El País.'],
      roster,
    );
    expect(hits).toEqual([
      {
        sentenceIndex: 0,
        outlet: 'La Nación',
        domain: 'www.lanacion.com.ar',
        via: 'name',
        matchedText: 'La Nación',
        phrase: 'Según La Nación',
        cue: 'Según',
        start: 6,
        end: 15,
      },
      {
        sentenceIndex: 1,
        outlet: 'El País',
        domain: 'elpais.com',
        via: 'name',
        matchedText: 'El País',
        phrase: 'como informó El País',
        cue: 'como informó',
        start: 30,
        end: 37,
      },
    ]);
  });

  it('catches "de acuerdo con X", descriptors, and domains as X', () => {
    expect(attributionCheck(['De acuerdo con el diario Clarín, hubo 3 heridos.'], roster)[0]).toMatchObject({
      outlet: 'Clarín',
      cue: 'De acuerdo con el diario',
      phrase: 'De acuerdo con el diario Clarín',
    });
    expect(attributionCheck(['Según infobae.com, la cifra creció.'], roster)[0]).toMatchObject({
      outlet: 'Infobae',
      via: 'domain',
      matchedText: 'infobae.com',
      cue: 'Según',
    });
    expect(hitsOf('Lo publicó lanacion.com.ar.')).toEqual(['La Nación@lanacion.com.ar']);
    expect(hitsOf('Segundo o jornal O Globo, a votação foi adiada.')).toEqual(['O Globo@O Globo']);
    expect(attributionCheck(['De acordo com a Folha, o projeto avançou.'], roster)[0]).toMatchObject({
      outlet: 'Folha de S.Paulo',
      via: 'alias',
      cue: 'De acordo com a',
    });
  });

  it('is case- and accent-insensitive for distinctive names', () => {
    expect(hitsOf('Segun clarin, el paro sigue.')).toEqual(['Clarín@clarin']);
    expect(hitsOf('INFOBAE reveló los datos.')).toEqual(['Infobae@INFOBAE']);
    expect(hitsOf('Página/12 lo adelantó.')).toEqual(['Página/12@Página/12']);
    expect(hitsOf('Según pagina/12, no.')).toEqual(['Página/12@pagina/12']);
    // Decomposed accents (NFD input) are folded too; offsets cover the original characters.
    const decomposed = 'Según Clari\u0301n, sí.';
    expect(attributionCheck([decomposed], roster)[0]).toMatchObject({ matchedText: 'Clari\u0301n', start: 6, end: 13 });
  });

  it('respects word boundaries', () => {
    expect(hitsOf('El marcador final fue 2 a 1.')).toEqual([]);
    expect(hitsOf('Los clarinetes sonaron.')).toEqual([]);
    expect(hitsOf('Una pagina/123 distinta.')).toEqual([]);
    expect(hitsOf('Las cnnchile.com.ar no existe.')).toEqual(['CNN Chile@cnnchile.com']);
  });

  it('common-phrase names count only when written as proper names: "El País" vs "el país"', () => {
    expect(hitsOf('La inflación bajó en el país.')).toEqual([]);
    expect(hitsOf('El país vive una crisis.')).toEqual([]);
    expect(hitsOf('Las tarifas varían según el país.')).toEqual([]);
    expect(hitsOf('Según el país, no.')).toEqual([]);
    expect(hitsOf('La protesta en el País Vasco creció.')).toEqual([]);
    expect(hitsOf('El País Vasco votó.')).toEqual([]);
    expect(hitsOf('Según El País, el plan se aprobó.')).toEqual(['El País@El País']);
    expect(hitsOf('EL PAÍS informó del acuerdo.')).toEqual(['El País@EL PAÍS']);
    expect(hitsOf('El Pais publicó la lista.')).toEqual(['El País@El Pais']);
    expect(hitsOf('El Congreso de la Nación sesionó.')).toEqual([]);
    expect(hitsOf('la nación entera celebró.')).toEqual([]);
    expect(hitsOf('La marca del Gobierno.')).toEqual([]);
    expect(hitsOf('Marca informó del fichaje.')).toEqual(['Marca@Marca']);
    expect(hitsOf('As eleições foram adiadas.')).toEqual([]);
    expect(hitsOf('Según AS, el fichaje se cerró.')).toEqual(['AS@AS']);
    expect(hitsOf('A folha de pagamento subiu.')).toEqual([]);
    expect(hitsOf('O globo terrestre.')).toEqual([]);
  });

  it('classifies common-phrase names by the built-in word list, overridable per outlet', () => {
    expect(ATTRIBUTION_COMMON_WORDS).toContain('pais');
    expect(ATTRIBUTION_COMMON_WORDS).not.toContain('infobae');
    expect(hitsOf('Los datos de infobae.', [{ name: 'Infobae', commonPhrase: true }])).toEqual([]);
    expect(hitsOf('Los datos de Infobae.', [{ name: 'Infobae', commonPhrase: true }])).toEqual(['Infobae@Infobae']);
    expect(hitsOf('la nación entera celebró.', [{ name: 'La Nación', commonPhrase: false }])).toEqual([
      'La Nación@la nación',
    ]);
  });

  it('keeps the longest mention: "CNN Chile" is not also "CNN"; a domain is not also its name', () => {
    expect(hitsOf('Según CNN Chile, hubo sismo.')).toEqual(['CNN Chile@CNN Chile']);
    expect(hitsOf('Según CNN, hubo sismo.')).toEqual(['CNN@CNN']);
    expect(hitsOf('Lo dijo infobae.com y luego Infobae.')).toEqual(['Infobae@infobae.com', 'Infobae@Infobae']);
    expect(hitsOf('Folha de S.Paulo informou.')).toEqual(['Folha de S.Paulo@Folha de S.Paulo']);
  });

  it('reports two roster outlets sharing a spelling as two hits', () => {
    const twins: AttributionRosterEntry[] = [
      { name: 'Crónica', domain: 'cronica.com.ar' },
      { name: 'Crónica', domain: 'cronica.com.py' },
    ];
    expect(attributionCheck(['Según Crónica, sí.'], twins).map((hit) => hit.domain)).toEqual([
      'cronica.com.ar',
      'cronica.com.py',
    ]);
  });

  it('returns no hit for clean sentences and an empty roster', () => {
    expect(attributionCheck(['El Senado aprobó la reforma por 40 votos.'], roster)).toEqual([]);
    expect(attributionCheck(['Según El País, sí.'], [])).toEqual([]);
    expect(attributionCheck([], roster)).toEqual([]);
  });

  it('rejects malformed input, naming the field', () => {
    try {
      attributionCheck(['ok'], [{ name: '' }]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MethodologyInputError);
      expect((error as MethodologyInputError).rule).toBe('SYN-4');
      expect((error as MethodologyInputError).issues[0]?.path).toEqual(['roster', 0, 'name']);
    }
    expect(() => attributionCheck([42] as never, roster)).toThrow(MethodologyInputError);
    expect(() => attributionCheck(['x'], [{ name: 'X', url: 'x.com' }] as never)).toThrow(/roster\.0/);
  });
});

// ── Property: every injected outlet name is found ──────────────────────────────────────────────

const wordArbitrary = fc
  .tuple(
    fc.constantFrom(...'BCDFGHJKLMNPRSTVZ'),
    fc.array(fc.constantFrom(...'aeiouáéíóúbcdfglmnrstñç'), { minLength: 2, maxLength: 8 }),
  )
  .map(([initial, rest]) => initial + rest.join(''));

const nameArbitrary = fc.oneof(
  fc.array(wordArbitrary, { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
  // Common-phrase names, written with roster capitals.
  fc.constantFrom(
    'El Tiempo',
    'La Razón',
    'El Mundo',
    'O Dia',
    'Diario Libre',
    'El Universal',
    'La Tercera',
    'Última Hora',
  ),
);

const fillerArbitrary = fc
  .array(
    fc.constantFrom(
      'el',
      'gobierno',
      'anunció',
      'que',
      'la',
      'medida',
      'entra',
      'en',
      'vigor',
      'hoy',
      'con',
      'cifras',
      'oficiales',
    ),
    {
      maxLength: 8,
    },
  )
  .map((words) => words.join(' '));

const cueArbitrary = fc.constantFrom('según', 'como informó', 'de acuerdo con', 'segundo', 'publicó', '');

test.prop([
  fc.uniqueArray(nameArbitrary, { minLength: 1, maxLength: 6 }).filter((names) =>
    // No injected name may be a part of another (then the longer one is reported, by design).
    names.every((name) => names.every((other) => other === name || !other.toLowerCase().includes(name.toLowerCase()))),
  ),
  fc.array(fc.tuple(fc.nat(), fillerArbitrary, cueArbitrary, fillerArbitrary), { minLength: 1, maxLength: 6 }),
])('finds every injected outlet name, at the injected position', (names, plans) => {
  const entries = names.map((name) => ({ name }));
  const injected = plans.map(([pick, before, cue, after]) => {
    const name = names[pick % names.length]!;
    const prefix = `${before} ${cue}`.trim();
    const head = prefix === '' ? '' : `${prefix} `;
    return { name, start: head.length, sentence: `${head}${name}, ${after}.` };
  });
  const hits = attributionCheck(
    injected.map((entry) => entry.sentence),
    entries,
  );
  injected.forEach((entry, sentenceIndex) => {
    const hit = hits.find((candidate) => candidate.sentenceIndex === sentenceIndex && candidate.start === entry.start);
    expect(hit, entry.sentence).toBeDefined();
    expect(hit?.outlet).toBe(entry.name);
    expect(hit?.matchedText).toBe(entry.name);
  });
});
