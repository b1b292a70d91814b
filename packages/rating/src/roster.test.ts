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
