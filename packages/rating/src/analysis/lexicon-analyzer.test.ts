import { fc, test } from '@fast-check/vitest';
import { beforeAll, describe, expect } from 'vitest';
import { actorContext, loadPoliticalActorMap, type ActorContext } from '../actors.js';
import { ACTORS_DIRECTORY, AS_OF, brazil, portugueseArticle, spain, spanishArticle } from '../__fixtures__/fixtures.js';
import { BUNDLED_LEXICONS, parseLexicon } from '../lexicon.js';
import { analyzeWithLexicon, createLexiconArticleAnalyzer } from './lexicon-analyzer.js';
import { articleDocument, LEXICON_BACKEND, type ArticleAnalysis } from './types.js';

let es: ActorContext;
let br: ActorContext;
beforeAll(async () => {
  es = (await spain()).context;
  br = (await brazil()).context;
});

function everySpan(analysis: ArticleAnalysis): { quote: string; start: number; end: number }[] {
  return [
    ...analysis.indicators,
    ...analysis.framingEvidence,
    ...analysis.figures.flatMap((figure) => figure.evidence),
    ...analysis.topics.flatMap((topic) => topic.evidence),
    ...analysis.quotedSources.map((source) => source.evidence),
    ...(analysis.factuality.correction === null ? [] : [analysis.factuality.correction]),
    ...analysis.factuality.primarySources,
    ...analysis.factuality.unattributed,
    ...analysis.factuality.viral,
  ];
}

describe('lexicon baseline', () => {
  test('labels itself and reports every hit with its verbatim span (es)', async () => {
    const article = spanishArticle();
    const analysis = await createLexiconArticleAnalyzer().analyze(article, es);
    expect(analysis.backend).toBe(LEXICON_BACKEND);
    expect(analysis.backend).toBe('lexicon-baseline (offline)');
    expect(analysis.promptId).toBe('lexicon-es');
    expect(analysis.status).toBe('ok');
    expect(analysis.politicallyRelevant).toBe(true);
    expect(analysis.bias).toBe('right');
    expect(analysis.indicators.map((indicator) => [indicator.quote, indicator.side])).toEqual([
      ['presión fiscal', 'right'],
      ['emprendedores', 'right'],
      ['reducción de jornada', 'left'],
      ['inmigración ilegal', 'right'],
    ]);
    expect(analysis.framing).toBe('pro_government');
    expect(analysis.figures.map((figure) => [figure.actorId, figure.sentiment])).toEqual([
      ['pedro-sanchez', 'favourable'],
      ['alberto-nunez-feijoo', 'critical'],
    ]);
    expect(analysis.quotedSources.map((source) => [source.actorId, source.lean, source.evidence.quote])).toEqual([
      ['partido-popular', 'right', 'Según el PP'],
    ]);
    expect(analysis.topics.map((topic) => [topic.topic, topic.position])).toEqual([
      ['immigration', 'conservative'],
      ['labour', 'progressive'],
    ]);
    expect(analysis.factuality).toMatchObject({
      byline: true,
      primaryLinks: ['https://www.boe.es/diario_boe/txt.php?id=BOE-A-2026-1'],
    });
    const document = articleDocument(article);
    for (const span of everySpan(analysis)) expect(document.slice(span.start, span.end)).toBe(span.quote);
  });

  test('Portuguese lexicon and the Brazilian map', async () => {
    const analysis = analyzeWithLexicon(portugueseArticle(), br, BUNDLED_LEXICONS.pt);
    expect(analysis.promptId).toBe('lexicon-pt');
    expect(analysis.bias).toBe('left');
    expect(analysis.framing).toBe('pro_government');
    expect(analysis.quotedSources.map((source) => source.actorId)).toEqual(['pt']);
    expect(analysis.figures.map((figure) => [figure.actorId, figure.sentiment])).toEqual([
      ['jair-bolsonaro', 'critical'],
    ]);
  });

  test('acronyms and ambiguous names are matched case-sensitively', async () => {
    const mx = actorContext(await loadPoliticalActorMap('MX', ACTORS_DIRECTORY), AS_OF);
    const analysis = analyzeWithLexicon(
      spanishArticle({
        title: 'Pan y morena',
        text: 'Compró pan en la tienda. Una mujer morena. Según el PAN, la votación fue un error de Morena.',
      }),
      mx,
      BUNDLED_LEXICONS.es,
    );
    expect(analysis.quotedSources.map((source) => source.actorId)).toEqual(['pan', 'morena']);
  });

  test('reported speech is a quote, not the outlet framing', async () => {
    const analysis = analyzeWithLexicon(
      spanishArticle({
        title: '',
        text: 'El Gobierno es un fracaso, dijo el PP. El Congreso votará la ley. La oposición debate el presupuesto.',
      }),
      es,
      BUNDLED_LEXICONS.es,
    );
    expect(analysis.framing).toBe('not_applicable');
    expect(analysis.quotedSources.map((source) => source.actorId)).toEqual(['partido-popular']);
  });

  test('a text without political vocabulary is not politically relevant and has no bias', () => {
    const analysis = analyzeWithLexicon(
      spanishArticle({ title: 'Receta', text: 'Mezcle harina y agua. Hornee veinte minutos.' }),
      es,
      BUNDLED_LEXICONS.es,
    );
    expect(analysis.politicallyRelevant).toBe(false);
    expect(analysis.bias).toBeNull();
    expect(analysis.framing).toBe('not_applicable');
  });

  test('a language without a lexicon is an error', () => {
    expect(() => analyzeWithLexicon(spanishArticle(), es, BUNDLED_LEXICONS.pt)).toThrow(/no lexicon for language/);
  });

  test('a phrase may not indicate both sides', () => {
    expect(() => parseLexicon({ ...BUNDLED_LEXICONS.es, stance: { left: ['libre mercado'], right: [] } })).toThrow(
      /both/,
    );
  });

  const words = [
    'El Gobierno',
    'celebra',
    'fracaso',
    'Pedro Sánchez',
    'Feijóo',
    'según',
    'el PP',
    'desigualdad',
    'presión fiscal',
    'mano dura',
    'Vox',
    'ley',
    'y',
    '.',
    ',',
    'Congreso',
    'fe de erratas',
    'se viralizó',
    'récord',
  ];
  const textArbitrary = fc.array(fc.constantFrom(...words), { maxLength: 80 }).map((parts) => parts.join(' '));

  test.prop([textArbitrary, textArbitrary])('is deterministic and every span is verbatim', (title, text) => {
    const article = spanishArticle({ title, text });
    const first = analyzeWithLexicon(article, es, BUNDLED_LEXICONS.es);
    const second = analyzeWithLexicon(structuredClone(article), es, BUNDLED_LEXICONS.es);
    expect(second).toEqual(first);
    const document = articleDocument(article);
    for (const span of everySpan(first)) expect(document.slice(span.start, span.end)).toBe(span.quote);
  });
});
