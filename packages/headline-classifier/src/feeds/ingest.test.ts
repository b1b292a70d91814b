import { readFileSync } from 'node:fs';
import { MethodologyInputError, parseStoredHeadline } from '@espectro/methodology';
import { describe, expect, it } from 'vitest';
import { HeadlineClassifierError } from '../errors.js';
import { ingestFeeds, readHeadlineFeed } from './ingest.js';
import { MONITORED_OUTLETS, findOutlet } from './outlets.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
const outlet = (id: string) => findOutlet(id)!;

describe('readHeadlineFeed (HC-2: title and bajada only)', () => {
  it('reads the five outlets’ feed shapes into stored headlines', () => {
    expect(MONITORED_OUTLETS.map((entry) => entry.id)).toEqual([
      'latercera',
      'lacuarta',
      'exante',
      'biobiochile',
      'cooperativa',
    ]);
    const outcomes = ingestFeeds(
      MONITORED_OUTLETS.map((entry) => ({ outlet: entry, xml: fixture(`${entry.id}.xml`) })),
    );
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    const counts = outcomes.map((outcome) => (outcome.ok ? outcome.headlines.length : -1));
    expect(counts).toEqual([2, 1, 1, 2, 2]);
  });

  it('keeps exactly id, outlet, url, publishedAt, title and description', () => {
    const { headlines } = readHeadlineFeed(fixture('latercera.xml'), outlet('latercera'));
    for (const headline of headlines) {
      expect(Object.keys(headline).sort()).toEqual(['description', 'id', 'outlet', 'publishedAt', 'title', 'url']);
      expect(JSON.stringify(headline)).not.toContain('CUERPO');
    }
    expect(headlines[0]).toEqual({
      id: expect.stringMatching(/^latercera:[0-9a-f]{16}$/),
      outlet: 'latercera.com',
      url: 'https://www.latercera.com/politica/noticia/fixture-senado-despacha-proyecto/',
      publishedAt: '2026-11-30T11:15:00Z',
      title: 'Senado despacha a la Cámara el proyecto de ejemplo (Boletín N° 12.345-07)',
      description: 'La Sala aprobó en general la iniciativa ficticia, que ahora pasa a segundo trámite.',
    });
  });

  it('drops content:encoded and <body> unread and reports that it did', () => {
    expect(readHeadlineFeed(fixture('latercera.xml'), outlet('latercera')).droppedFields).toEqual({
      'content:encoded': 2,
    });
    const cooperativa = readHeadlineFeed(fixture('cooperativa.xml'), outlet('cooperativa'));
    expect(cooperativa.droppedFields).toEqual({ body: 1 });
    expect(JSON.stringify(cooperativa.headlines)).not.toContain('CUERPO');
  });

  it('rejects a record that carries a body field (parseStoredHeadline, HC-2)', () => {
    const { headlines } = readHeadlineFeed(fixture('cooperativa.xml'), outlet('cooperativa'));
    const withBody = { ...headlines[0], body: 'El texto completo de la nota' };
    expect(() => parseStoredHeadline(withBody)).toThrow(MethodologyInputError);
    expect(() => parseStoredHeadline(withBody)).toThrow(/body/);
  });

  it('strips HTML from descriptions and decodes entities (CDATA, escaped markup, double escapes)', () => {
    const [exante] = readHeadlineFeed(fixture('exante.xml'), outlet('exante')).headlines;
    expect(exante!.description).toBe(
      'La parlamentaria reunió firmas para una instancia ficticia “de ejemplo” […] The post Fixture appeared first on Ex-Ante.',
    );
    const biobio = readHeadlineFeed(fixture('biobiochile.xml'), outlet('biobiochile')).headlines;
    expect(biobio[0]!.description).toBe(
      'La norma ficticia fue publicada en el Diario Oficial y su reglamento rige desde el lunes.',
    );
    expect(biobio[1]!.description).toBe('El sismo ficticio tuvo magnitud 4,1 según el centro sismológico.');
    expect(biobio[0]!.publishedAt).toBe('2026-11-30T11:00:00Z');
    const [lacuarta] = readHeadlineFeed(fixture('lacuarta.xml'), outlet('lacuarta')).headlines;
    expect(lacuarta!.title).toBe('Cantante de prueba anuncia gira "por todo Chile"');
    expect(lacuarta!.description).toBe('La artista inventada confirmó doce fechas & un show gratuito.');
    const [, sports] = readHeadlineFeed(fixture('latercera.xml'), outlet('latercera')).headlines;
    expect(sports!.description).toBe('El equipo albo se impuso por 2 a 1 en un encuentro ficticio.');
  });

  it('stores an empty description as null', () => {
    const [, second] = readHeadlineFeed(fixture('cooperativa.xml'), outlet('cooperativa')).headlines;
    expect(second!.description).toBeNull();
  });

  it('skips items without title, link or date, each with its reason', () => {
    const result = readHeadlineFeed(fixture('missing-fields.xml'), { id: 'example', domain: 'example.cl' });
    expect(result.headlines.map((headline) => headline.title)).toEqual(['Completo']);
    expect(result.skipped).toEqual([
      { index: 0, reason: 'item has no title' },
      { index: 1, reason: 'missing link (no http(s) URL in <link> or a permalink <guid>)' },
      { index: 2, reason: 'missing date' },
    ]);
  });

  it('drops a "description" long enough to be the body instead of storing or cutting it', () => {
    const long = 'texto '.repeat(500);
    const xml = `<rss version="2.0"><channel><item><title>T</title><link>https://example.cl/x</link><pubDate>Mon, 30 Nov 2026 09:00:00 +0000</pubDate><description>${long}</description></item></channel></rss>`;
    const result = readHeadlineFeed(xml, { id: 'example', domain: 'example.cl' });
    expect(result.headlines[0]!.description).toBeNull();
    expect(result.droppedDescriptions).toBe(1);
  });
});

describe('per-feed errors', () => {
  it('recovers a damaged feed as a lenient parser does, naming the repair, and skips what it cannot use', () => {
    const result = readHeadlineFeed(fixture('damaged.xml'), outlet('latercera'));
    expect(result.headlines).toEqual([]);
    expect(result.skipped).toEqual([{ index: 0, reason: 'missing date' }]);
    expect(result.warnings).toEqual([
      expect.stringMatching(/malformed XML read leniently — line 9: <item> was closed by <\/channel>/),
    ]);
  });

  it('a body cut off inside its first tag throws feed_xml_invalid', () => {
    expect(() => readHeadlineFeed(fixture('broken.xml'), outlet('latercera'))).toThrow(HeadlineClassifierError);
    try {
      readHeadlineFeed(fixture('broken.xml'), outlet('latercera'));
    } catch (error) {
      expect((error as HeadlineClassifierError).code).toBe('feed_xml_invalid');
      expect((error as Error).message).toMatch(
        /ingest latercera: the feed is not well-formed XML \(line 3, column 1\): the document ends before its first element is complete/,
      );
    }
  });

  it('reads the outlets’ bytes with the HTTP charset (RFC 7303) and their Atom feeds too', () => {
    const latin1 = Buffer.from(
      '<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><item><title>Elección en Ñuñoa</title>' +
        '<link>https://example.cl/n</link><pubDate>Mon, 30 Nov 2026 09:00:00 +0000</pubDate></item></channel></rss>',
      'latin1',
    );
    const [headline] = readHeadlineFeed(
      latin1,
      { id: 'example', domain: 'example.cl' },
      { contentType: 'text/xml; charset=ISO-8859-1' },
    ).headlines;
    expect(headline).toMatchObject({ title: 'Elección en Ñuñoa', publishedAt: '2026-11-30T09:00:00Z' });
    const atom =
      '<a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:entry><a:title>Senado aprueba</a:title>' +
      '<a:link href="/politica/senado"/><a:updated>2026-11-30T09:00:00Z</a:updated><a:content type="html">CUERPO</a:content></a:entry></a:feed>';
    const example = { id: 'example', domain: 'example.cl' };
    expect(readHeadlineFeed(atom, example).skipped).toEqual([
      { index: 0, reason: 'link is not an http(s) URL: /politica/senado' },
    ]);
    const fromAtom = readHeadlineFeed(atom, example, { url: 'https://example.cl/feed.atom' });
    expect(fromAtom.headlines.map((entry) => entry.url)).toEqual(['https://example.cl/politica/senado']);
    expect(fromAtom.droppedFields).toEqual({ 'a:content': 1 });
    expect(JSON.stringify(fromAtom.headlines)).not.toContain('CUERPO');
  });

  it('a document that is not RSS throws feed_not_rss naming its root', () => {
    expect(() => readHeadlineFeed(fixture('not-rss.xml'), outlet('cooperativa'))).toThrow(
      /not a feed: the root element is <html>/,
    );
  });

  it('ingestFeeds reports a broken feed without stopping the others', () => {
    const outcomes = ingestFeeds([
      { outlet: outlet('latercera'), xml: fixture('broken.xml') },
      { outlet: outlet('cooperativa'), xml: fixture('cooperativa.xml') },
      { outlet: outlet('exante'), xml: fixture('not-rss.xml') },
    ]);
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([false, true, false]);
    expect(outcomes[0]).toMatchObject({ ok: false, outlet: 'latercera', error: { code: 'feed_xml_invalid' } });
    expect(outcomes[2]).toMatchObject({ ok: false, outlet: 'exante', error: { code: 'feed_not_rss' } });
  });
});
