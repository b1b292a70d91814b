/**
 * REP-1 paraphrases through the live pipeline: a later debate says an earlier debate's checked claim
 * in other words. Token Jaccard misses it; with `@espectro/clustering`'s offline embedder (cosine at
 * its REP_EMBEDDING_THRESHOLDS entry) the claim reuses the earlier check's *revised* verdict.
 */
import { createOfflineEmbedder } from '@espectro/clustering';
import { findRepeatedClaim, normalizeClaimText, REP_EMBEDDING_THRESHOLDS } from '@espectro/methodology';
import { beforeAll, describe, expect, test } from 'vitest';
import { fictionalDebateReplay } from './replay/index.js';
import { runReplay } from './replay/stages.js';

// chunk 19 of the bundled replay repeats the earlier debate's check #52.0 ("Reduzimos a mortalidade
// infantil para 9,8 por mil nascidos.", live `true`, revised `imprecise`); here in other words
const paraphrase = 'A mortalidade infantil foi reduzida por nós para 9,8 por mil nascidos.';
const earlierId = 'aurora-2026-08-27#52.0';

function paraphrasedReplay() {
  const replay = structuredClone(fictionalDebateReplay());
  const chunk = replay.chunks.find((candidate) => candidate.index === 19)!;
  chunk.transcript = paraphrase;
  chunk.claims = chunk.claims.map((claim) => ({ ...claim, text: paraphrase }));
  return replay;
}

describe('REP-1 with claim embeddings, in the live pipeline', () => {
  const embedder = createOfflineEmbedder();
  let earlierText: string;
  beforeAll(() => {
    earlierText = fictionalDebateReplay().earlierChecks.find((check) => check.id === earlierId)!.text;
  });

  test('the paraphrase is out of Jaccard’s reach (so the embedder is what finds it)', () => {
    const tokens = (text: string) => new Set(normalizeClaimText(text).split(' '));
    const [a, b] = [tokens(earlierText), tokens(paraphrase)];
    const shared = [...a].filter((token) => b.has(token)).length;
    expect(shared / (a.size + b.size - shared)).toBeLessThan(0.8);
    expect(
      findRepeatedClaim({
        claim: { candidate: 'Helena Valadares', text: paraphrase },
        earlierChecks: [
          {
            checkId: earlierId,
            candidate: 'Helena Valadares',
            debate: 'earlier',
            text: earlierText,
            history: [{ verdict: 'true', status: 'published', at: '2026-08-27T23:08:40Z', phase: 'live' }],
          },
        ],
      }).repeated,
    ).toBe(false);
  });

  test('with the offline embedder the later debate reuses the earlier debate’s revised verdict, labelled', async () => {
    expect(REP_EMBEDDING_THRESHOLDS[embedder.backend]).toBeDefined();
    const run = await runReplay(paraphrasedReplay(), { claimEmbedder: embedder, skipReview: true });
    const check = run.live.checks.find((candidate) => candidate.chunkIndex === 19)!;
    expect(check.claim.text).toBe(paraphrase);
    expect(check.repeatOf).toMatchObject({
      checkId: earlierId,
      matchedBy: 'embedding',
      embedder: 'offline-char-ngram-tfidf',
      label: 'já checado em Debate Rede Aurora 27/08 (fictício)',
    });
    expect(check.repeatOf!.similarity).toBeGreaterThanOrEqual(REP_EMBEDDING_THRESHOLDS[embedder.backend]!);
    // the earlier check's latest (review) verdict, not its live `true`
    expect(check.history[0]).toMatchObject({ verdict: 'imprecise', phase: 'live' });
  });

  test('without an embedder the paraphrase is not a repeat: it goes to search and judge', async () => {
    const run = await runReplay(paraphrasedReplay(), { skipReview: true, retries: 0 });
    const chunk = run.live.chunks.find((candidate) => candidate.index === 19)!;
    const check = run.live.checks.find((candidate) => candidate.chunkIndex === 19);
    // the replay recorded no search for a claim it expected to be a repeat: the chunk fails there, visibly
    expect(check).toBeUndefined();
    expect(chunk.status).toBe('failed');
    expect(chunk.error?.message).toMatch(/no recorded/);
  });
});
