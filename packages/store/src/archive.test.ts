/**
 * The clustered archive's context reads and the judge's pending pairs, on both backends: the
 * context around given articles equals the context of a window holding exactly them, the window's
 * ids are the window part of it, and replacing pending pairs touches only the pairs of the given
 * articles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  archiveComponentContext,
  archiveWindowArticleIds,
  assignArticlesToClusters,
  replaceJudgePendingPairs,
  storeArticleComponents,
} from './archive.js';
import { insertArticles } from './articles.js';
import { ensurePreliminaryOutlets } from './outlets.js';
import { createTestDatabase, testBackends, type TestDatabase } from './testing/index.js';

const EMBEDDER = 'archive-test';
const DAY = 86_400_000;
const START = Date.UTC(2026, 5, 1);

for (const backend of testBackends()) {
  describe(`archive context and pending pairs on ${backend}`, () => {
    let test: TestDatabase;
    /** Article ids by name: a1–a3 one component over days 0–2 (cluster a1: a1+a2, cluster a3), b1 alone on day 9. */
    const id: Record<string, string> = {};
    beforeAll(async () => {
      test = await createTestDatabase(backend);
      const { db } = test.database;
      await ensurePreliminaryOutlets(db, [{ domain: 'uno.example', reason: 'archive test', addedAt: '2026-06-01' }]);
      const names = ['a1', 'a2', 'a3', 'b1'];
      const days = [0, 1, 2, 9];
      await db.transaction(async (tx) => {
        const inserted = await insertArticles(
          tx,
          names.map((name, index) => ({
            url: `https://uno.example/${name}`,
            canonicalUrl: `https://uno.example/${name}`,
            domain: 'uno.example',
            title: `Titular ${name}`,
            titleKey: `titular ${name}`,
            publishedAt: new Date(START + days[index]! * DAY).toISOString(),
            firstSeenAt: new Date(START + days[index]! * DAY).toISOString(),
          })),
        );
        for (const row of inserted.inserted) id[names[row.index]!] = row.id;
      });
      const clusterOf = { a1: 'a1', a2: 'a1', a3: 'a3', b1: 'b1' } as const;
      await assignArticlesToClusters(
        db,
        names.map((name) => ({ articleId: id[name]!, clusterId: id[clusterOf[name as keyof typeof clusterOf]]! })),
        EMBEDDER,
        new Date(START),
      );
      await storeArticleComponents(
        db,
        names.map((name) => ({ articleId: id[name]!, componentId: name === 'b1' ? id.b1! : id.a1! })),
        EMBEDDER,
      );
    }, 60_000);
    afterAll(async () => {
      await test?.cleanup();
    });

    it('the context around articles is that of a window holding just them; the window ids are its window part', async () => {
      const { db } = test.database;
      const window = { from: new Date(START + 2 * DAY).toISOString(), to: new Date(START + 3 * DAY).toISOString() };
      expect(await archiveWindowArticleIds(db, { embedder: EMBEDDER, ...window })).toEqual([id.a3]);
      const byWindow = await archiveComponentContext(db, { embedder: EMBEDDER, ...window });
      const byIds = await archiveComponentContext(db, { embedder: EMBEDDER, articleIds: [id.a3!] });
      expect(byIds).toEqual(byWindow);
      // a3's component brings a1 and a2 (another cluster); b1 is another component.
      expect(byIds.map((article) => article.id).sort()).toEqual([id.a1, id.a2, id.a3].sort());
      expect(await archiveComponentContext(db, { embedder: EMBEDDER, articleIds: [] })).toEqual([]);
      expect(await archiveComponentContext(db, { embedder: 'other', articleIds: [id.a3!] })).toEqual([]);
    });

    it('replacing pending pairs deletes those of the given articles (either side) and keeps the others', async () => {
      const { db } = test.database;
      const at = new Date(START);
      const pair = (left: string, right: string) => ({
        leftId: id[left]!,
        rightId: id[right]!,
        similarity: 0.8,
        reason: 'budget',
      });
      await replaceJudgePendingPairs(db, [], [pair('a1', 'a2'), pair('a2', 'a3'), pair('a3', 'b1')], at);
      await replaceJudgePendingPairs(db, [id.a1!, id.b1!], [pair('a1', 'a3')], at);
      const rows = await test.database.query<{ left_id: string; right_id: string }>(
        'SELECT left_id, right_id FROM judge_pending_pairs ORDER BY left_id, right_id',
      );
      const expected = [pair('a2', 'a3'), pair('a1', 'a3')]
        .map((entry) => ({ left_id: entry.leftId, right_id: entry.rightId }))
        .sort(
          (left, right) => left.left_id.localeCompare(right.left_id) || left.right_id.localeCompare(right.right_id),
        );
      expect(
        rows.sort(
          (left, right) => left.left_id.localeCompare(right.left_id) || left.right_id.localeCompare(right.right_id),
        ),
      ).toEqual(expected);
    });
  });
}
