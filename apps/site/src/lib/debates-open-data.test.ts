/**
 * Every stored debate is in the open data (issue 17 §3): `/datos/checagens.json`, `.csv` and
 * `claimreview.json` are built from `listDebates()` of the store-backed site data. A debate
 * streamed into the store (the bundled fictional replay) must appear check for check, with its
 * parties and start from the stored debate, and marked `fixture` (fictional) in every export.
 */
import {
  claimReview,
  claimReviewSubjectOf,
  debateDocumentParsers,
  replayIntoStore,
  type Check,
} from '@espectro/factcheck';
import { fictionalDebateReplay } from '@espectro/factcheck/replay';
import { createStoreDebateRepository, openStore, type Store } from '@espectro/store';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { claimReviews } from './claimreview.js';
import { checkRecords, checksCsv } from './open-data.js';
import { createSnapshotSiteData } from './snapshot.js';
import { loadStoreModule, snapshotFromStore } from './store-adapter.js';
import type { SiteDebate } from './types.js';

const replay = fictionalDebateReplay();
let store: Store;
let stored: Check[];
let debate: SiteDebate;

beforeAll(async () => {
  store = await openStore({ memory: true });
  const repository = createStoreDebateRepository(store.database, debateDocumentParsers);
  await replayIntoStore({ repository, replay, pace: Number.POSITIVE_INFINITY });
  stored = await repository.listChecks({ debateId: replay.debate.id });
  const snapshot = await snapshotFromStore(store, await loadStoreModule(), '2026-12-02T05:00:00Z');
  const debates = await createSnapshotSiteData(snapshot).listDebates();
  debate = debates.find((candidate) => candidate.id === replay.debate.id)!;
}, 120_000);
afterAll(() => store?.close());

describe('a stored debate in the open data', () => {
  test('checagens.json holds every stored check of it, with its revised verdict, marked fictional', () => {
    const records = checkRecords([debate]);
    expect(records.map((record) => record.id).sort()).toEqual(stored.map((check) => check.id).sort());
    for (const record of records) {
      const check = stored.find((candidate) => candidate.id === record.id)!;
      expect([record.verdict, record.status]).toEqual([check.verdict, check.status]);
      expect(record.fixture).toBe(true);
    }
    expect(debate.name).toBe(replay.debate.name);
    expect(debate.startedAt).toBe(replay.debate.startedAt);
    expect(debate.candidates).toEqual(
      replay.debate.candidates.map((candidate) => ({ name: candidate.name, party: candidate.party ?? null })),
    );
  });

  test('checagens.csv has one row per stored check, each marked fictional', () => {
    const [header, ...rows] = checksCsv([debate]).trim().split(/\r?\n/);
    expect(header).toMatch(/,fixture$/); // the last column
    expect(rows).toHaveLength(stored.length);
    for (const row of rows) expect(row).toMatch(/,true$/);
  });

  test('claimreview.json has one ClaimReview per stored check factcheck’s builder publishes', () => {
    const expected = stored.filter(
      (check) =>
        claimReview(claimReviewSubjectOf(check, replay.debate), {
          siteUrl: 'https://espectro.example/',
          publisherName: 'Espectro',
        }) !== null,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(claimReviews(debate, 'https://espectro.example/')).toHaveLength(expected.length);
  });
});
