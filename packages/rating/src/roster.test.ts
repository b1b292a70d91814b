/**
 * The bundled demo re-anchored on the replay's day (`reanchorRoster`): every demo outlet rates
 * exactly as it does on the roster's own date — each evidence date kept its distance from the
 * rating date — and on that day no demo outlet is due by the 180-day cadence (REV-1), which is
 * what rating the demo as of its roster date months back made happen on every first cycle.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evidenceToRateOutletInput, rateOutlet, RATING_PARAMETERS } from '@espectro/methodology';
import { describe, expect, test } from 'vitest';
import { dayNumber } from './dates.js';
import { createMemoryRatingStore } from './records.js';
import { parseRosterFile, rateRosterEntries, reanchorRoster, rosterEvidenceRecord, type RosterFile } from './roster.js';
import { dueOutlets } from './scheduler.js';

const demo = parseRosterFile(
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', '..', 'examples', 'demo-data', 'outlets.json'), 'utf8'),
  ),
);

function ratingsOf(roster: RosterFile) {
  return roster.outlets.map((entry) => {
    const { bias, factuality, confidence, appliedRule, flags, trace, dissent } = rateOutlet(
      evidenceToRateOutletInput(rosterEvidenceRecord(entry), roster.asOf),
    );
    return { domain: entry.domain, bias, factuality, confidence, appliedRule, flags, trace, dissent };
  });
}

describe('reanchorRoster (the demo replayed today)', () => {
  const original = ratingsOf(demo);

  test.each(['2026-12-02', '2027-03-01', '2028-02-29', '2031-07-15'])(
    'the demo re-anchored on %s rates every outlet exactly as on its own date',
    (day) => {
      const moved = reanchorRoster(demo, day);
      expect(moved.asOf).toBe(day);
      expect(ratingsOf(moved)).toEqual(original);
      // the dates did move (the same distance for every one)
      const shift = dayNumber(day) - dayNumber(demo.asOf);
      const first = demo.outlets.find((entry) => entry.evidence.academic?.length)!;
      const movedFirst = moved.outlets.find((entry) => entry.domain === first.domain)!;
      expect(dayNumber(movedFirst.evidence.academic![0]!.date) - dayNumber(first.evidence.academic![0]!.date)).toBe(
        shift,
      );
    },
  );

  test('rated on the replay day, no demo outlet is due by cadence that day; rated on the roster date, every rated one is', async () => {
    const today = '2026-12-02';
    expect(dayNumber(today) - dayNumber(demo.asOf)).toBeGreaterThanOrEqual(RATING_PARAMETERS.reviewCadenceDays);
    const dueByCadence = async (roster: RosterFile) => {
      const store = createMemoryRatingStore();
      await rateRosterEntries(store, roster.outlets, { asOf: roster.asOf, changedAt: `${roster.asOf}T00:00:00.000Z` });
      return dueOutlets(await store.list(), { asOf: today }).filter((outlet) => outlet.reasons.includes('cadence'));
    };
    expect(await dueByCadence(reanchorRoster(demo, today))).toEqual([]);
    const stale = await dueByCadence(demo);
    expect(stale.length).toBe(demo.outlets.length);
  });

  test('the same day gives the roster back; a malformed day is refused', () => {
    expect(reanchorRoster(demo, demo.asOf)).toBe(demo);
    expect(() => reanchorRoster(demo, '2026-13-40')).toThrow();
  });
});

describe('parseRosterFile: one outlet, one domain in the form ingest keys articles by', () => {
  const entry = demo.outlets[0]!;
  const rosterWith = (...domains: string[]) => ({
    asOf: demo.asOf,
    outlets: domains.map((domain) => ({ ...entry, domain })),
  });

  test('the same domain twice is refused, naming the second entry', () => {
    expect(() => parseRosterFile(rosterWith('abc.es', 'abc.es'), 'outlets.json')).toThrow(
      'outlets.1.domain: abc.es is listed twice',
    );
  });

  test('www.abc.es beside abc.es is the same site listed twice, and www.abc.es is asked to be written abc.es', () => {
    let message = '';
    try {
      parseRosterFile(rosterWith('abc.es', 'www.abc.es'), 'outlets.json');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('outlets.1.domain: write abc.es: articles from www.abc.es are counted under abc.es');
    expect(message).toContain('outlets.1.domain: abc.es is listed twice');
  });

  test('a mobile host alone is refused too: no article would ever reach it', () => {
    expect(() => parseRosterFile(rosterWith('m.folha.uol.com.br'), 'outlets.json')).toThrow(
      'write folha.uol.com.br: articles from m.folha.uol.com.br are counted under folha.uol.com.br',
    );
  });

  test('distinct sites of one group stay distinct', () => {
    expect(parseRosterFile(rosterWith('folha.uol.com.br', 'uol.com.br'), 'outlets.json').outlets).toHaveLength(2);
  });
});
