import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { canonicalUrl, domainForHost, InvalidArticleUrlError } from './canonical-url.js';
import { decodeFeedBytes } from './encoding.js';
import { IngestError } from './errors.js';
import { keptImageAlt, MAX_FEED_IMAGE_ALT_CHARS } from './feed-dialects.js';
import { parseFeed } from './feed.js';
import { headlineUrn, ingestSources, type IngestSource } from './ingest.js';
import { parseNewsApiPayload, type NEWS_API_PRESETS } from './news-api.js';
import { htmlToText, parseFeedDate, titleKey } from './text.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '__fixtures__', name));
const roster = [
  { domain: 'diarioejemplo.es', name: 'Diario de Ejemplo' },
  { domain: 'jornalexemplo.com.br', name: 'Jornal Exemplo' },
  { domain: 'periodicolatino.com.uy', name: 'Periódico Latino' },
];
const seenAt = '2026-04-27T15:00:00.000Z';

describe('canonicalUrl', () => {
  it.each([
    [
      'http://www.ElPais.com/espana/2026-04-27/nota.html?utm_source=tw&id=3#comentarios',
      'https://elpais.com/espana/2026-04-27/nota.html?id=3',
    ],
    ['https://m.folha.uol.com.br/poder/2026/04/x.shtml/', 'https://folha.uol.com.br/poder/2026/04/x.shtml'],
    ['https://amp.clarin.com/politica/nota_0_abc.html', 'https://clarin.com/politica/nota_0_abc.html'],
    [
      'https://g1.globo.com/politica/noticia/2026/04/27/x.ghtml/amp/',
      'https://g1.globo.com/politica/noticia/2026/04/27/x.ghtml',
    ],
    ['https://www.infobae.com/amp/politica/2026/04/27/x/', 'https://infobae.com/politica/2026/04/27/x'],
    ['https://elmundo.es/espana/2026/04/27/x.amp.html', 'https://elmundo.es/espana/2026/04/27/x.html'],
    [
      'https://www-eltiempo-com.cdn.ampproject.org/c/s/www.eltiempo.com/politica/x-123?outputType=amp',
      'https://eltiempo.com/politica/x-123',
    ],
    [
      'https://lanacion.com.ar/politica/x-nid27042026/?fbclid=1&gclid=2&b=2&a=1&amp=1',
      'https://lanacion.com.ar/politica/x-nid27042026?a=1&b=2',
    ],
    ['https://example.com:443//a//b/', 'https://example.com/a/b'],
    ['https://example.com', 'https://example.com/'],
  ])('%s → %s', (input, expected) => {
    expect(canonicalUrl(input)).toBe(expected);
  });

  it('rejects non-http URLs', () => {
    expect(() => canonicalUrl('mailto:redaccion@elpais.es')).toThrow(InvalidArticleUrlError);
    expect(() => canonicalUrl('/relativo/nota.html')).toThrow(InvalidArticleUrlError);
  });

  test.prop([fc.webUrl({ withQueryParameters: true, withFragments: true })])('is idempotent', (url) => {
    let once: string;
    try {
      once = canonicalUrl(url);
    } catch {
      return;
    }
    expect(canonicalUrl(once)).toBe(once);
  });

  test.prop([fc.webUrl(), fc.string({ minLength: 1, maxLength: 8 }).filter((value) => /^[a-z]+$/.test(value))])(
    'ignores tracking parameters and fragments',
    (url, value) => {
      let base: string;
      try {
        base = canonicalUrl(url);
      } catch {
        return;
      }
      const tracked = new URL(base);
      tracked.searchParams.append('utm_source', value);
      tracked.searchParams.append('fbclid', value);
      tracked.hash = value;
      expect(canonicalUrl(tracked.toString())).toBe(base);
    },
  );

  it('maps hosts to the longest roster domain', () => {
    const domains = new Set(['globo.com', 'g1.globo.com', 'clarin.com']);
    expect(domainForHost('www.g1.globo.com', domains)).toBe('g1.globo.com');
    expect(domainForHost('oglobo.globo.com', domains)).toBe('globo.com');
    expect(domainForHost('edicion.clarin.com', domains)).toBe('clarin.com');
    expect(domainForHost('www.diariolibre.com', domains)).toBe('diariolibre.com');
  });
});

describe('text helpers', () => {
  it('turns HTML into text', () => {
    expect(
      htmlToText('<p>El <b>Congreso</b> aprobó&nbsp;la ley.</p><script>x()</script><p>Fin &#8220;ok&#8221;</p>'),
    ).toBe('El Congreso aprobó la ley. Fin “ok”');
  });
  it('keeps block boundaries as spaces and decodes every HTML entity, escaped markup included', () => {
    expect(htmlToText('<ul><li>January 2016</li><li>September 2015</li></ul>Total<br>3')).toBe(
      'January 2016 September 2015 Total 3',
    );
    expect(htmlToText('Comisi&oacute;n de Espa&ntilde;a, Cora&ccedil;&atilde;o')).toBe('Comisión de España, Coração');
    expect(htmlToText('&lt;p&gt;Le&oacute;n&lt;/p&gt;&lt;p&gt;Fin&lt;/p&gt;')).toBe('León Fin');
    expect(htmlToText('doble &amp;oacute; escape')).toBe('doble ó escape');
  });
  test.prop([fc.string()])('never returns markup from tags, and is idempotent on plain text', (text) => {
    const plain = text.replace(/[<>&]/g, ' ');
    expect(htmlToText(plain)).toBe(plain.replace(/[\s\u00a0\u200b]+/g, ' ').trim());
    expect(htmlToText(`<b>${plain}</b>`)).toBe(htmlToText(plain));
  });
  it('folds titles for near-duplicate detection and drops an outlet suffix', () => {
    expect(titleKey('El Gobierno APRUEBA la ley | EL PAÍS', ['El País', 'elpais.com'])).toBe(
      'el gobierno aprueba la ley',
    );
    expect(titleKey('Pacto – Acuerdo final')).toBe('pacto acuerdo final');
    expect(titleKey('¿Qué pasó?')).toBe('que paso');
  });
  it.each([
    ['Mon, 27 Apr 2026 10:00:00 GMT', '2026-04-27T10:00:00.000Z'],
    ['Mon, 27 Apr 2026 10:00:00 +0200', '2026-04-27T08:00:00.000Z'],
    ['lun, 27 abr 2026 10:00:00 -0300', '2026-04-27T13:00:00.000Z'],
    ['seg, 27 abr 2026 10:00:00 -0300', '2026-04-27T13:00:00.000Z'],
    ['2026-04-27T10:00:00-03:00', '2026-04-27T13:00:00.000Z'],
    ['2026-04-27T10:00:00', '2026-04-27T10:00:00.000Z'],
    ['2026-04-27', '2026-04-27T00:00:00.000Z'],
    ['Thu, 07 Dec 17 10:00:29 -0800', '2017-12-07T18:00:29.000Z'],
    ['ayer', null],
    ['', null],
  ])('parses the feed date %s', (input, expected) => {
    expect(parseFeedDate(input)).toBe(expected);
  });
});

describe('encodings', () => {
  it('decodes declared ISO-8859-1', () => {
    const decoded = decodeFeedBytes(fixture('latin1-declared.xml'));
    expect(decoded).toMatchObject({ encoding: 'iso-8859-1', decidedBy: 'declaration', warning: null });
    expect(decoded.text).toContain('Año récord');
  });
  it('falls back to Windows-1252 for undeclared Latin-1 bytes, with a warning', () => {
    const decoded = decodeFeedBytes(fixture('latin1-undeclared.xml'));
    expect(decoded).toMatchObject({ encoding: 'windows-1252', decidedBy: 'correction' });
    expect(decoded.warning).toMatch(/not valid UTF-8/);
    expect(decoded.text).toContain('Niños y niñas');
  });
  it('reads UTF-8 bytes declared as ISO-8859-1 as UTF-8 (no mojibake)', () => {
    const decoded = decodeFeedBytes(fixture('utf8-declared-latin1.xml'));
    expect(decoded).toMatchObject({ encoding: 'utf-8', decidedBy: 'correction' });
    expect(decoded.text).toContain('Año récord');
    expect(decoded.text).not.toContain('Ã');
  });
  it('prefers the HTTP charset over the XML declaration (RFC 7303 §3), saying they disagree', () => {
    const bytes = Buffer.from('<?xml version="1.0" encoding="utf-8"?><rss>Año</rss>', 'latin1');
    const decoded = decodeFeedBytes(bytes, 'application/rss+xml; charset=ISO-8859-1');
    expect(decoded).toMatchObject({ encoding: 'iso-8859-1', decidedBy: 'content-type' });
    expect(decoded.text).toContain('Año');
    expect(decoded.warning).toMatch(/disagree; RFC 7303 prefers the HTTP charset/);
    expect(decodeFeedBytes(Buffer.from('<rss>n</rss>'), 'text/xml; charset=x-nonsense')).toMatchObject({
      encoding: 'utf-8',
      decidedBy: 'default',
      warning: 'unknown HTTP charset "x-nonsense" ignored',
    });
  });
  it('honours a BOM and the Content-Type charset', () => {
    expect(decodeFeedBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x41])).text).toBe('A');
    expect(decodeFeedBytes(Buffer.from('<rss>ñ</rss>', 'latin1'), 'text/xml; charset=ISO-8859-1').text).toBe(
      '<rss>ñ</rss>',
    );
  });
});

describe('parseFeed', () => {
  it('reads RSS 2.0 items with text, dates, images and bodies', () => {
    const feed = parseFeed(fixture('rss-utf8.xml'), { source: 'rss-utf8.xml' });
    expect(feed).toMatchObject({
      format: 'rss',
      title: 'Portada | Diario de Ejemplo',
      language: 'es',
      encoding: 'utf-8',
    });
    expect(feed.items).toHaveLength(6);
    expect(feed.skipped).toEqual([{ index: 5, reason: 'item has no title' }]);
    const [first, second, undated] = feed.items;
    expect(first).toMatchObject({
      title: 'El Congreso aprueba la reforma de la ley de vivienda | Diario de Ejemplo',
      description: 'La reforma salió adelante con 176 votos a favor.',
      body: 'La reforma salió adelante con 176 votos a favor y 170 en contra. El texto pasa ahora al Senado.',
      publishedAt: '2026-04-27T08:00:00.000Z',
      imageUrl: 'https://static.diarioejemplo.es/fotos/congreso.jpg',
    });
    expect(second).toMatchObject({
      title: 'Sánchez y Feijóo “pactan” el calendario & la agenda',
      publishedAt: '2026-04-27T10:30:00.000Z',
    });
    expect(undated).toMatchObject({ publishedAt: null, unreadableDate: null });
  });
  it('reads Atom and RSS 1.0 (RDF)', () => {
    const atom = parseFeed(fixture('atom.xml'));
    expect(atom).toMatchObject({ format: 'atom', language: 'pt-BR' });
    expect(atom.items.map((item) => [item.title, item.link, item.publishedAt])).toEqual([
      [
        'STF retoma julgamento sobre marco temporal',
        'https://www.jornalexemplo.com.br/politica/2026/04/stf-marco-temporal.shtml?utm_campaign=x',
        '2026-04-27T14:00:00.000Z',
      ],
      [
        'Inflação de abril fica abaixo do esperado',
        'https://jornalexemplo.com.br/mercado/2026/04/inflacao-abril.shtml',
        '2026-04-27T09:15:00.000Z',
      ],
    ]);
    expect(atom.items[1]!.body).toBe('O IPCA-15 subiu 0,3%.');
    const rdf = parseFeed(fixture('rdf.xml'));
    expect(rdf.items[0]).toMatchObject({
      title: 'Senado despacha el boletín 12.345-07',
      publishedAt: '2026-04-27T12:00:00.000Z',
    });
  });
  it('reads broken-but-recoverable XML leniently and names the repaired line', () => {
    const feed = parseFeed(fixture('broken.xml'), { source: 'broken.xml' });
    expect(feed.items.map((item) => [item.title, item.link])).toEqual([
      ['Un título', 'https://roto.com/a'],
      ['Otro título sin cerrar', 'https://roto.com/b'],
    ]);
    expect(feed.warnings).toEqual(['malformed XML read leniently — line 4: <title> was closed by </item>']);
  });
  it('gives a clear error when no element can be read at all (a truncated body)', () => {
    let error: unknown;
    try {
      parseFeed(fixture('truncated.xml'), { source: 'truncated.xml' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(IngestError);
    expect(error).toMatchObject({ code: 'invalid_xml', source: 'truncated.xml' });
    expect(error).toMatchObject({ line: 2, column: 1 });
    expect((error as IngestError).message).toMatch(
      /not well-formed XML: the document ends before its first element is complete/,
    );
  });
  it('says when well-formed XML is not a feed, and when a feed is too large', () => {
    expect(() => parseFeed(fixture('not-a-feed.xml'))).toThrow(/root element is <html>/);
    expect(() => parseFeed(fixture('rss-utf8.xml'), { maxBytes: 100 })).toThrow(
      expect.objectContaining({ code: 'too_large' }),
    );
  });
});

describe('news-API payloads', () => {
  it('maps NewsAPI.ai, skipping its duplicates', () => {
    const parsed = parseNewsApiPayload(fixture('newsapi-ai.json'), 'newsapi-ai');
    expect(parsed.skipped).toEqual([{ index: 1, reason: 'marked as a duplicate by the API' }]);
    expect(parsed.items[0]).toMatchObject({
      title: 'El IPC se modera en abril',
      domain: 'diarioejemplo.es',
      outletName: 'Diario de Ejemplo',
      publishedAt: '2026-04-27T10:05:00.000Z',
      language: 'spa',
    });
    expect(parsed.items[0]!.body).toContain('2,1%');
  });
  it('maps Webz and NewsAPI.org', () => {
    expect(parseNewsApiPayload(fixture('webz.json'), 'webz').items[0]).toMatchObject({
      title: 'Câmara aprova reforma tributária em segundo turno',
      domain: 'jornalexemplo.com.br',
      publishedAt: '2026-04-27T10:00:00.000Z',
      imageUrl: 'https://img.jornalexemplo.com.br/r.jpg',
    });
    expect(parseNewsApiPayload(fixture('newsapi-org.json'), 'newsapi-org').items[0]).toMatchObject({
      outletName: 'Diario de Ejemplo',
      description: 'Los sindicatos convocan paros.',
    });
  });
  it('accepts a custom mapping and reports bad payloads', () => {
    const mapping = {
      name: 'custom',
      items: 'data.news',
      fields: { title: 'headline', url: 'link', publishedAt: 'ts' },
    };
    expect(
      parseNewsApiPayload(
        { data: { news: [{ headline: 'Hola', link: 'https://a.com/x', ts: 1777284000000 }] } },
        mapping,
      ).items[0],
    ).toMatchObject({ title: 'Hola', publishedAt: '2026-04-27T10:00:00.000Z' });
    expect(() => parseNewsApiPayload('{oops', 'webz', { source: 'x.json' })).toThrow(
      expect.objectContaining({ code: 'invalid_json' }),
    );
    expect(() => parseNewsApiPayload({ nothing: [] }, 'webz')).toThrow(expect.objectContaining({ code: 'not_a_feed' }));
    expect(() => parseNewsApiPayload({}, 'nope' as keyof typeof NEWS_API_PRESETS)).toThrow(
      expect.objectContaining({ code: 'unknown_mapping' }),
    );
  });
});

describe('ingestSources', () => {
  const sources = (): IngestSource[] => [
    { name: 'rss-utf8.xml', kind: 'feed', content: fixture('rss-utf8.xml'), outlet: 'diarioejemplo.es' },
    { name: 'truncated.xml', kind: 'feed', content: fixture('truncated.xml') },
    { name: 'latin1-undeclared.xml', kind: 'feed', content: fixture('latin1-undeclared.xml') },
    { name: 'atom.xml', kind: 'feed', content: fixture('atom.xml') },
    { name: 'newsapi-ai.json', kind: 'json', content: fixture('newsapi-ai.json'), mapping: 'newsapi-ai' },
    { name: 'not-a-feed.xml', kind: 'feed', content: fixture('not-a-feed.xml') },
  ];

  it('reports one clear error per bad source and ingests the rest', () => {
    const result = ingestSources(sources(), { roster, seenAt });
    const bySource = Object.fromEntries(result.sources.map((report) => [report.source, report]));
    expect(bySource['truncated.xml']).toMatchObject({ ok: false, error: { code: 'invalid_xml' } });
    expect(bySource['not-a-feed.xml']).toMatchObject({ ok: false, error: { code: 'not_a_feed' } });
    expect(bySource['rss-utf8.xml']).toMatchObject({ ok: true, items: 7, undated: 1, duplicates: 2 });
    expect(bySource['latin1-undeclared.xml']!.warnings[0]).toMatch(/Windows-1252/);
    expect(
      result.articles.filter((article) => article.domain === 'periodicolatino.com.uy').map((article) => article.title),
    ).toContain('Año récord: la economía crece un 3,5% según el Banco Central');
    expect(result.articles.length).toBe(4 + 2 + 2 + 2);
  });

  it('dedups by canonical URL and by near-identical title within a domain, and keeps undated items', () => {
    const { articles } = ingestSources(sources(), { roster, seenAt });
    const vivienda = articles.filter(
      (article) => article.titleKey === 'el congreso aprueba la reforma de la ley de vivienda',
    );
    expect(vivienda).toHaveLength(1);
    expect(vivienda[0]).toMatchObject({
      canonicalUrl: 'https://diarioejemplo.es/espana/2026-04-27/congreso-vivienda.html',
      domain: 'diarioejemplo.es',
    });
    expect(articles.find((article) => article.title === 'Una noticia sin fecha en el feed')).toMatchObject({
      publishedAt: null,
      firstSeenAt: seenAt,
    });
  });

  it('lists unrostered domains as new preliminary outlets (PRELIM)', () => {
    const { newOutlets, articles } = ingestSources(sources(), { roster, seenAt });
    expect(newOutlets.map((outlet) => outlet.domain)).toEqual(['nuevodiario.do', 'otromedio.com.ar']);
    expect(newOutlets[0]).toMatchObject({ name: 'Nuevo Diario', addedAt: '2026-04-27' });
    expect(newOutlets[0]!.reason).toMatch(/PRELIM/);
    expect(articles.find((article) => article.domain === 'otromedio.com.ar')!.canonicalUrl).toBe(
      'https://otromedio.com.ar/politica/nota-123?id=7',
    );
  });

  it('attributes headlines without their own URL to their outlet and source page', () => {
    const payload = {
      items: [
        {
          title: 'Junts rompe con Sánchez',
          outlet: 'diarioejemplo.es',
          publishedAt: '2025-10-28',
          sourceUrl: 'https://resumen.example/portadas-28-10',
        },
        {
          title: 'Junts rompe con Sánchez',
          outlet: 'diarioejemplo.es',
          publishedAt: '2025-10-28',
          sourceUrl: 'https://otra.example/portadas',
        },
        { title: 'Sin fuente', outlet: 'diarioejemplo.es' },
      ],
    };
    const { articles, sources: reports } = ingestSources(
      [{ name: 'corpus.json', kind: 'json', content: JSON.stringify(payload) }],
      { roster, seenAt },
    );
    expect(articles).toHaveLength(1);
    expect(articles[0]).toMatchObject({
      url: 'https://resumen.example/portadas-28-10',
      canonicalUrl: headlineUrn('diarioejemplo.es', 'junts rompe con sanchez', '2025-10-28T00:00:00.000Z'),
    });
    expect(reports[0]).toMatchObject({
      duplicates: 1,
      skipped: [{ index: 2, reason: expect.stringMatching(/no link/) }],
    });
  });

  it('lets only http(s) links leave ingestion (issue 21 §2), and resolves relative feed links against the feed', () => {
    const payload = {
      items: [
        { title: 'Enlace trampa', outlet: 'diarioejemplo.es', sourceUrl: 'javascript:alert(document.cookie)' },
        { title: 'Imagen trampa', url: 'https://diarioejemplo.es/a', imageUrl: 'data:image/svg+xml,<svg onload=x>' },
      ],
    };
    const feed =
      '<rss version="2.0"><channel><title>Relativo</title>' +
      '<item><title>Nota relativa</title><link>/politica/nota-1.html</link></item>' +
      '<item><title>Nota script</title><link>javascript:alert(1)</link></item></channel></rss>';
    const { articles, sources: reports } = ingestSources(
      [
        { name: 'trampas.json', kind: 'json', content: JSON.stringify(payload) },
        { name: 'https://diarioejemplo.es/rss/portada.xml', kind: 'feed', content: feed },
      ],
      { roster, seenAt },
    );
    expect(articles.map((article) => [article.title, article.url, article.imageUrl])).toEqual([
      ['Imagen trampa', 'https://diarioejemplo.es/a', null],
      ['Nota relativa', 'https://diarioejemplo.es/politica/nota-1.html', null],
    ]);
    expect(reports[0]!.skipped).toEqual([
      { index: 0, reason: 'source page is not an http(s) URL: javascript:alert(document.cookie)' },
    ]);
    expect(reports[1]!.skipped).toEqual([{ index: 1, reason: 'link is not an http(s) URL: javascript:alert(1)' }]);
  });

  it('ingests a 10 MB feed generated here, and refuses it under a smaller limit', () => {
    const items: string[] = [];
    let index = 0;
    let size = 0;
    while (size < 10 * 1024 * 1024) {
      const item = `<item><title>Titular número ${index} sobre la economía &amp; el empleo en la región ${index % 97}</title><link>https://www.diarioejemplo.es/economia/2026/04/${index}.html?utm_source=rss</link><description><![CDATA[<p>Descripción del artículo ${index}, con acentos: información, análisis y opinión.</p>]]></description><pubDate>Mon, 27 Apr 2026 ${String(index % 24).padStart(2, '0')}:00:00 +0000</pubDate></item>\n`;
      items.push(item);
      size += Buffer.byteLength(item);
      index += 1;
    }
    const big = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Grande</title>\n${items.join('')}</channel></rss>\n`,
    );
    expect(big.byteLength).toBeGreaterThan(10 * 1024 * 1024);
    const result = ingestSources(
      [
        { name: 'big.xml', kind: 'feed', content: big },
        { name: 'atom.xml', kind: 'feed', content: fixture('atom.xml') },
      ],
      { roster, seenAt },
    );
    expect(result.sources[0]).toMatchObject({ ok: true, items: index, articles: index });
    expect(result.articles).toHaveLength(index + 2);
    const limited = ingestSources(
      [
        { name: 'big.xml', kind: 'feed', content: big },
        { name: 'atom.xml', kind: 'feed', content: fixture('atom.xml') },
      ],
      { roster, seenAt, maxFeedBytes: 5 * 1024 * 1024 },
    );
    expect(limited.sources[0]).toMatchObject({ ok: false, error: { code: 'too_large' } });
    expect(limited.sources[0]!.error!.message).toMatch(/over the 5\.0 MiB limit/);
    expect(limited.articles).toHaveLength(2);
  });
});

describe('image alt text from the feed', () => {
  const rss = (items: string) =>
    '<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">' +
    `<channel><title>Imágenes</title><link>https://diarioejemplo.es/</link>${items}</channel></rss>`;

  it("takes the image's own media:description, then its media:content's or media:group's, never the entry's", () => {
    const feed = parseFeed(
      rss(
        // The image's own description, an HTML one, and the entry's (which describes the article).
        '<item><title>Uno</title><link>https://diarioejemplo.es/1</link>' +
          '<media:description>La nota entera, no la foto</media:description>' +
          '<media:content url="https://img.diarioejemplo.es/1.jpg" medium="image" width="800">' +
          '<media:description type="html">&lt;b&gt;Manifestantes&lt;/b&gt;   en la plaza</media:description>' +
          '</media:content></item>' +
          // A thumbnail inside a media:content inside a group: the content has none, the group has one.
          '<item><title>Dos</title><link>https://diarioejemplo.es/2</link><media:group>' +
          '<media:description>El ministro en el Congreso</media:description>' +
          '<media:content url="https://img.diarioejemplo.es/2.mp4" medium="video">' +
          '<media:thumbnail url="https://img.diarioejemplo.es/2.jpg"/></media:content></media:group></item>' +
          // Only the entry describes anything: the image gets no alt text.
          '<item><title>Tres</title><link>https://diarioejemplo.es/3</link>' +
          '<media:description>Resumen de la nota</media:description>' +
          '<media:thumbnail url="https://img.diarioejemplo.es/3.jpg"/></item>' +
          // A plain enclosure carries no text.
          '<item><title>Cuatro</title><link>https://diarioejemplo.es/4</link>' +
          '<enclosure url="https://img.diarioejemplo.es/4.jpg" type="image/jpeg" length="1"/></item>' +
          // A "description" far longer than an alt text is dropped whole, not cut.
          '<item><title>Cinco</title><link>https://diarioejemplo.es/5</link>' +
          '<media:content url="https://img.diarioejemplo.es/5.jpg" medium="image">' +
          `<media:description>${'palabra '.repeat(80)}</media:description></media:content></item>`,
      ),
    );
    expect(feed.items.map((item) => [item.title, item.imageUrl, item.imageAlt])).toEqual([
      ['Uno', 'https://img.diarioejemplo.es/1.jpg', 'Manifestantes en la plaza'],
      ['Dos', 'https://img.diarioejemplo.es/2.jpg', 'El ministro en el Congreso'],
      ['Tres', 'https://img.diarioejemplo.es/3.jpg', null],
      ['Cuatro', 'https://img.diarioejemplo.es/4.jpg', null],
      ['Cinco', 'https://img.diarioejemplo.es/5.jpg', null],
    ]);
  });

  it('reads the title of an Atom image enclosure, and the imageAlt field of an espectro JSON payload', () => {
    const atom =
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom</title><id>urn:x</id>' +
      '<entry><title>Seis</title><id>urn:6</id><link href="https://diarioejemplo.es/6"/>' +
      '<link rel="enclosure" type="image/png" href="https://img.diarioejemplo.es/6.png" title="Gráfico de la inflación"/>' +
      '</entry></feed>';
    const payload = {
      items: [
        {
          title: 'Siete',
          url: 'https://diarioejemplo.es/7',
          imageUrl: 'https://img.diarioejemplo.es/7.jpg',
          imageAlt: 'El puerto',
        },
        // An alt text without an image is not kept.
        { title: 'Ocho', url: 'https://diarioejemplo.es/8', imageAlt: 'Sin imagen' },
      ],
    };
    const { articles } = ingestSources(
      [
        { name: 'atom.xml', kind: 'feed', content: atom },
        { name: 'items.json', kind: 'json', content: JSON.stringify(payload) },
      ],
      { roster, seenAt },
    );
    expect(articles.map((article) => [article.title, article.imageUrl, article.imageAlt])).toEqual([
      ['Seis', 'https://img.diarioejemplo.es/6.png', 'Gráfico de la inflación'],
      ['Siete', 'https://img.diarioejemplo.es/7.jpg', 'El puerto'],
      ['Ocho', null, null],
    ]);
  });

  test.prop([fc.string({ maxLength: 700 })])(
    'a kept alt text is never empty, never longer than the limit, and stable',
    (text) => {
      const kept = keptImageAlt(text);
      if (kept === null) return;
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.length).toBeLessThanOrEqual(MAX_FEED_IMAGE_ALT_CHARS);
      expect(keptImageAlt(kept)).toBe(kept);
    },
  );
});
