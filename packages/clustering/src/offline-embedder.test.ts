import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { guessLanguage } from './language.js';
import { createOfflineEmbedder, STOPWORDS } from './offline-embedder.js';
import { OFFLINE_THRESHOLDS } from './offline-thresholds.js';
import { loadReferenceCorpus } from './reference-corpus.js';
import { sparseDot, sparseNorm } from './sparse.js';
import { stemWord } from './stemming.js';
import { embedderContract } from './testing/embedder-contract.js';
import { loadDevSet } from './__fixtures__/dev-set.js';

const corpus = loadDevSet().map((row) => row.title);

describe('offline embedder: the Embedder contract', () => {
  for (const check of embedderContract(() => createOfflineEmbedder())) it(check.name, check.run);
});

describe('createOfflineEmbedder', () => {
  const embedder = createOfflineEmbedder();

  it('learns its IDF from the shipped reference corpus and names its backend and model after it', () => {
    const reference = loadReferenceCorpus();
    expect(reference.texts.length).toBeGreaterThan(500);
    expect(embedder.backend).toBe('offline-char-ngram-tfidf');
    expect(embedder.thresholds).toBe(OFFLINE_THRESHOLDS);
    expect(embedder.idfSource).toBe('reference');
    expect(embedder.fittedDocuments).toBe(reference.texts.length);
    expect(embedder.model).toMatch(
      new RegExp(`^char3-5\\+stems-nostop-tfidf@reference-${reference.texts.length}-[0-9a-f]{8}$`),
    );
  });

  it('is corpus-independent: a headline gets the same vector whatever batch it comes with', () => {
    const title = 'Junts rompe con Sánchez: "No tendrá capacidad para gobernar"';
    const alone = createOfflineEmbedder().vectorize([title])[0]!;
    const inBatch = createOfflineEmbedder().vectorize([...corpus.slice(0, 50), title, ...corpus.slice(50, 80)])[50]!;
    expect(Array.from(inBatch.indices)).toEqual(Array.from(alone.indices));
    expect(Array.from(inBatch.values)).toEqual(Array.from(alone.values));
    expect(createOfflineEmbedder().model).toBe(embedder.model);
  });

  it('folds accents and case in its features', () => {
    const plain = createOfflineEmbedder({ nameWeight: 1 });
    const [lower, upper] = plain.vectorize(['Sánchez pierde la mayoría', 'SÁNCHEZ PIERDE LA MAYORÍA']);
    expect(sparseDot(lower!, upper!)).toBeCloseTo(1, 6);
  });

  it('matches inflections through their Snowball stems, in Spanish and Portuguese', () => {
    expect(stemWord('condenado', 'es')).toBe(stemWord('condenan', 'es'));
    expect(stemWord('eleições', 'pt')).toBe(stemWord('eleição', 'pt'));
    const words = createOfflineEmbedder({ characterFeatures: false, nameWeight: 1 });
    const [left, right] = words.vectorize(['Tribunal condena a exministro', 'Condenado el exministro por el tribunal']);
    const unstemmed = createOfflineEmbedder({ characterFeatures: false, stemming: false, nameWeight: 1 });
    const [plainLeft, plainRight] = unstemmed.vectorize([
      'Tribunal condena a exministro',
      'Condenado el exministro por el tribunal',
    ]);
    expect(sparseDot(left!, right!)).toBeGreaterThan(sparseDot(plainLeft!, plainRight!) + 0.1);
  });

  it('tells Spanish from Portuguese headlines', () => {
    expect(guessLanguage('Lula sanciona lei que amplia isenção do IR')).toBe('pt');
    expect(guessLanguage('Junts rompe con Sánchez y deja al Gobierno sin mayoría')).toBe('es');
    expect(guessLanguage('Câmara aprova reforma', 'es-AR')).toBe('es');
  });

  it('scores a same-event pair above an unrelated pair', () => {
    const [a, b, c] = embedder.vectorize([
      'Junts rompe con Sánchez: "No tendrá capacidad para gobernar"',
      'Junts consuma la ruptura y deja a Sánchez sin mayoría',
      'Furacão Dorian deixa 5 mortos e destrói 13 mil casas nas Bahamas',
    ]);
    expect(sparseDot(a!, b!)).toBeGreaterThan(sparseDot(a!, c!) + 0.1);
  });

  it('scales down pairs that quote different figures or name different people', () => {
    const agreement = embedder.agreement!;
    const signature = (text: string) => agreement.signature(text);
    const runoff = signature('Rodrigo Paz gana la segunda vuelta con el 54,5 %');
    const firstRound = signature('Rodrigo Paz lidera la primera vuelta con el 32,1 %');
    const other = signature('Jorge Quiroga reconoce la derrota');
    expect(embedder.signature('Rodrigo Paz gana la segunda vuelta con el 54,5 %')).toEqual({
      numbers: new Set(['545']),
      names: new Set(['rodrigo', 'paz']),
    });
    expect(agreement.factor(runoff, firstRound)).toBeLessThan(1);
    expect(agreement.factor(runoff, other)).toBeLessThan(1);
    expect(agreement.factor(runoff, runoff)).toBe(1);
    expect(agreement.factor(runoff, signature('gana la segunda vuelta'))).toBe(1);
    expect(agreement.factor(firstRound, other)).toBe(agreement.factor(other, firstRound));
  });

  it('the candidates the sweep measured (README "What was tried") do what they say', () => {
    const runs = createOfflineEmbedder({ nameRuns: true });
    expect(embedder.signature('Carlos Bolsonaro apaga contas em redes sociais').names).toEqual(
      new Set(['carlos', 'bolsonaro']),
    );
    expect(runs.signature('Carlos Bolsonaro apaga contas em redes sociais').names).toEqual(new Set(['bolsonaro']));
    expect(runs.signature('Milei gana y Massa reconoce').names).toEqual(new Set(['milei', 'massa']));
    const bolsonaro = runs.signature('Carlos Bolsonaro apaga contas em redes sociais');
    const martins = runs.signature('A noite de Carlos Martins');
    expect(runs.agreement!.factor(bolsonaro, martins)).toBeLessThan(1);
    expect(
      embedder.agreement!.factor(
        embedder.signature('Carlos Bolsonaro apaga contas em redes sociais'),
        embedder.signature('A noite de Carlos Martins'),
      ),
    ).toBe(1);
    expect(Array.from(runs.vectorize(['Junts rompe con Sánchez'])[0]!.values)).toHaveLength(
      embedder.vectorize(['Junts rompe con Sánchez'])[0]!.values.length,
    );

    const bigrams = createOfflineEmbedder({ wordBigramWeight: 1.5 });
    expect(bigrams.model).toContain('+bigrams');
    const text = 'Junts consuma la ruptura y deja a Sánchez sin mayoría';
    expect(bigrams.vectorize([text])[0]!.indices.length).toBeGreaterThan(embedder.vectorize([text])[0]!.indices.length);
    expect(() => createOfflineEmbedder({ wordBigramWeight: -1 })).toThrow(/wordBigramWeight/);

    const thin = createOfflineEmbedder({ thinOverlap: { minimumSharedStems: 2, factor: 0.5 } });
    const sign = (value: string) => thin.signature(value);
    expect(thin.agreement!.factor(sign('Partido en dos'), sign('El presidente convoca a los partidos'))).toBe(0.5);
    expect(thin.agreement!.factor(sign('El gran apagón'), sign('El gran apagón en la península'))).toBe(1);
    expect(() => createOfflineEmbedder({ thinOverlap: { minimumSharedStems: 2, factor: 0 } })).toThrow(/thinOverlap/);
  });

  it('ignores function words and embeds a text of only function words as the zero vector', () => {
    expect(STOPWORDS.has('de')).toBe(true);
    const [empty] = embedder.vectorize(['de la y en']);
    expect(empty!.indices).toHaveLength(0);
  });

  it('is frozen after fitting: new texts do not change existing vectors', () => {
    const first = embedder.vectorize([corpus[0]!])[0]!;
    embedder.vectorize(['Un titular completamente nuevo sobre la vendimia en Mendoza']);
    const again = embedder.vectorize([corpus[0]!])[0]!;
    expect(Array.from(again.values)).toEqual(Array.from(first.values));
  });

  const fitted = createOfflineEmbedder({ corpus });
  const reversed = createOfflineEmbedder({ corpus: [...corpus].reverse() });
  it('can fit its IDF on a given corpus instead, and says so', () => {
    expect(fitted.idfSource).toBe('corpus');
    expect(fitted.fittedDocuments).toBe(corpus.length);
    expect(reversed.model).toBe(fitted.model);
  });
  test.prop([fc.array(fc.string({ maxLength: 60 }), { maxLength: 12 })])(
    'is deterministic, independent of corpus order and unit-length for any text',
    (texts) => {
      const left = fitted.vectorize(texts);
      const right = reversed.vectorize(texts);
      left.forEach((vector, index) => {
        expect(Array.from(vector.indices)).toEqual(Array.from(right[index]!.indices));
        expect(Array.from(vector.values)).toEqual(Array.from(right[index]!.values));
        expect(sparseNorm(vector)).toBeCloseTo(vector.indices.length === 0 ? 0 : 1, 5);
      });
    },
  );

  it('rejects nonsensical options', () => {
    expect(() => createOfflineEmbedder({ ngramRange: [4, 2] })).toThrow(/ngramRange/);
    expect(() => createOfflineEmbedder({ dimension: 1 })).toThrow(/dimension/);
    expect(() => createOfflineEmbedder({ wordWeight: 0 })).toThrow(/wordWeight/);
  });
});
