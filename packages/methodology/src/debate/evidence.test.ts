import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { filterEvidence, isExcludedSource, isOfficialSource, officialSourceShare } from './evidence.js';
import { DEB_EXCLUDED_DOMAINS } from './parameters.js';

describe('isExcludedSource (DEB-3)', () => {
  it('lists the 15 excluded domains of seed 001', () => {
    expect(DEB_EXCLUDED_DOMAINS).toHaveLength(15);
    expect(DEB_EXCLUDED_DOMAINS).toContain('pt.org.br');
    expect(DEB_EXCLUDED_DOMAINS).toContain('tercalivre.com.br');
  });

  it('excludes the domain, www. and subdomains, case-insensitively', () => {
    expect(isExcludedSource('https://brasil247.com/x')).toBe(true);
    expect(isExcludedSource('https://www.brasil247.com/x')).toBe(true);
    expect(isExcludedSource('https://WWW.Brasil247.COM/x')).toBe(true);
    expect(isExcludedSource('https://blog.pt.org.br/post')).toBe(true);
    expect(isExcludedSource('http://revistaoeste.com./a')).toBe(true);
  });

  it('does not exclude look-alikes', () => {
    expect(isExcludedSource('https://notpt.org.br/')).toBe(false);
    expect(isExcludedSource('https://pt.org.br.example.com/')).toBe(false);
    expect(isExcludedSource('https://brasil247.com.evil.net/')).toBe(false);
    expect(isExcludedSource('https://g1.globo.com/')).toBe(false);
  });

  it('accepts a custom list and rejects a non-URL', () => {
    expect(isExcludedSource('https://news.example.org/a', ['example.org'])).toBe(true);
    expect(() => isExcludedSource('brasil247.com')).toThrow(/DEB-3.*url/);
  });
});

describe('filterEvidence (DEB-3)', () => {
  const claimAt = '2026-10-18T23:10:00Z';

  it('drops excluded, later and undated results with their reason, in input order', () => {
    const results = [
      { url: 'https://www.ibge.gov.br/inflacao', publishedAt: '2026-10-10' },
      { url: 'https://www.brasil247.com/x', publishedAt: '2026-10-10' },
      { url: 'https://g1.globo.com/y', publishedAt: '2026-10-19T08:00:00Z' },
      { url: 'https://g1.globo.com/z', publishedAt: null },
      { url: 'https://oglobo.globo.com/w' },
      { url: 'https://blog.pt.org.br/v', publishedAt: '2026-10-19' },
      { url: 'https://notpt.org.br/u', publishedAt: '2026-10-18T23:09:59Z' },
    ];
    const { kept, dropped } = filterEvidence({ claimAt, results });
    expect(kept.map((result) => result.url)).toEqual(['https://www.ibge.gov.br/inflacao', 'https://notpt.org.br/u']);
    expect(dropped.map((item) => [item.result.url, item.reason])).toEqual([
      ['https://www.brasil247.com/x', 'excluded_domain'],
      ['https://g1.globo.com/y', 'published_after_claim'],
      ['https://g1.globo.com/z', 'undated'],
      ['https://oglobo.globo.com/w', 'undated'],
      ['https://blog.pt.org.br/v', 'excluded_domain'],
    ]);
  });

  it('keeps undated results with allowUndated', () => {
    const { kept } = filterEvidence({
      claimAt,
      results: [{ url: 'https://g1.globo.com/z', publishedAt: null }],
      allowUndated: true,
    });
    expect(kept).toHaveLength(1);
  });

  it('compares instants for date-times and calendar dates for a date without time', () => {
    const at = (publishedAt: string) =>
      filterEvidence({ claimAt, results: [{ url: 'https://a.com/', publishedAt }] }).kept.length;
    expect(at('2026-10-18T23:10:00Z')).toBe(1); // published at the same instant: kept
    expect(at('2026-10-18T23:10:01Z')).toBe(0);
    expect(at('2026-10-18T20:11:00-03:00')).toBe(0); // 23:11 UTC
    expect(at('2026-10-18')).toBe(1); // same calendar day: kept [choice]
    expect(at('2026-10-19')).toBe(0);
    expect(
      filterEvidence({
        claimAt: '2026-10-18',
        results: [{ url: 'https://a.com/', publishedAt: '2026-10-18T23:59:00Z' }],
      }).kept,
    ).toHaveLength(1);
  });

  it('rejects bad input naming rule and field', () => {
    expect(() => filterEvidence({ claimAt: 'yesterday', results: [] })).toThrow(/DEB-3.*claimAt/);
    expect(() => filterEvidence({ claimAt, results: [{ url: 'ftp://a.com/x', publishedAt: null }] })).toThrow(
      /results\.0\.url/,
    );
    expect(() => filterEvidence({ claimAt, results: [], excludedDomains: ['https://pt.org.br'] })).toThrow(
      MethodologyInputError,
    );
  });
});

describe('isOfficialSource / officialSourceShare (DEB-4)', () => {
  it('recognises the official suffixes (host equal to or under)', () => {
    for (const url of [
      'https://www.ibge.gov.br/x',
      'https://gov.br/planalto',
      'https://www12.senado.leg.br/noticias',
      'https://portal.stf.jus.br/',
      'https://www.mpf.mp.br/',
      'https://agenciabrasil.ebc.com.br/economia',
      'https://WWW.BCB.GOV.BR/',
    ]) {
      expect(isOfficialSource(url), url).toBe(true);
    }
    for (const url of [
      'https://notgov.br/',
      'https://ebc.com.br/',
      'https://gov.br.example.com/',
      'https://g1.globo.com/',
    ]) {
      expect(isOfficialSource(url), url).toBe(false);
    }
  });

  it('reports the share of checks with a source that cite an official one', () => {
    expect(
      officialSourceShare([
        { citations: ['https://www.bcb.gov.br/a', 'https://g1.globo.com/b'] },
        { citations: ['https://g1.globo.com/c'] },
        { citations: [] },
        { citations: ['https://agenciabrasil.ebc.com.br/d'] },
      ]),
    ).toEqual({ checksWithSource: 3, officialChecks: 2, share: 2 / 3 });
    expect(officialSourceShare([])).toEqual({ checksWithSource: 0, officialChecks: 0, share: null });
  });

  it('reproduces the seed figure 41 of 75 (55 %)', () => {
    const checks = [
      ...Array.from({ length: 41 }, () => ({ citations: ['https://www.ibge.gov.br/'] })),
      ...Array.from({ length: 34 }, () => ({ citations: ['https://www.estadao.com.br/'] })),
    ];
    const { share } = officialSourceShare(checks);
    expect(Math.round((share ?? 0) * 100)).toBe(55);
  });

  it('rejects a non-URL citation', () => {
    expect(() => officialSourceShare([{ citations: ['ibge'] }])).toThrow(/DEB-4.*0\.citations\.0/);
  });
});
