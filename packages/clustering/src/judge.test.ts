import { createFallbackChain } from '@espectro/llm';
import { reply, startFakeLlmServer, type FakeLlmServer } from '@espectro/llm/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clusterArticles } from './cluster.js';
import { createLlmJudge, SAME_EVENT_PROMPT } from './judge.js';
import { angleTitle, vectorEmbedder } from './__fixtures__/vector-embedder.js';

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

// merge above 0.95, grey from 0.8: 30° apart (cos 0.866) is a grey pair.
const embedder = vectorEmbedder(2, { merge: 0.95, judgeLow: 0.8, source: 'test' });
const article = (id: string, degrees: number) => ({
  id,
  title: angleTitle(degrees, id),
  outlet: `Outlet ${id}`,
  date: '2025-05-01T08:00:00Z',
});
const greyPair = [article('a', 0), article('b', 30)];

describe('createLlmJudge through the fake LLM server', () => {
  it('"same event" merges the grey pair', async () => {
    server.enqueue(reply.json({ verdicts: [{ pair: 1, sameEvent: true }] }));
    const judge = createLlmJudge({ model: server.model('gemini') });
    const result = await clusterArticles(greyPair, { embedder, judge });
    expect(result.stories).toEqual([{ id: 'a', articleIds: ['a', 'b'] }]);
    expect(result.pendingPairs).toEqual([]);
    expect(result.backend.judge).toContain('clustering.same-event@1');
    const [request] = server.requests;
    expect(JSON.stringify(request!.body)).toContain('Outlet a');
  });

  it('"different event" keeps them apart without queueing', async () => {
    server.enqueue(reply.json({ verdicts: [{ pair: 1, sameEvent: false }] }));
    const result = await clusterArticles(greyPair, {
      embedder,
      judge: createLlmJudge({ model: server.model('groq') }),
    });
    expect(result.stories).toHaveLength(2);
    expect(result.pendingPairs).toEqual([]);
  });

  it('malformed output (after the one re-ask) means no merge and a queued pair', async () => {
    server.enqueue(reply.malformedJson(), reply.malformedJson());
    const result = await clusterArticles(greyPair, {
      embedder,
      judge: createLlmJudge({ model: server.model('openai') }),
    });
    expect(result.stories).toHaveLength(2);
    expect(result.pendingPairs).toHaveLength(1);
    expect(result.pendingPairs[0]!.reason).toMatch(/malformed_output|schema_mismatch/);
  });

  it('a rate limit (429) means no merge and a queued pair', async () => {
    server.enqueue(reply.rateLimit({ retryAfterMs: 10 }));
    const result = await clusterArticles(greyPair, {
      embedder,
      judge: createLlmJudge({ model: server.model('gemini') }),
    });
    expect(result.stories).toHaveLength(2);
    expect(result.pendingPairs).toEqual([
      expect.objectContaining({ leftId: 'a', rightId: 'b', reason: expect.stringMatching(/^rate_limited/) }),
    ]);
  });

  it('a verdict missing from the answer leaves that pair pending', async () => {
    server.enqueue(reply.json({ verdicts: [{ pair: 2, sameEvent: true }] }));
    const articles = [article('a', 0), article('b', 30), article('c', 120), article('d', 150)];
    const result = await clusterArticles(articles, {
      embedder,
      judge: createLlmJudge({ model: server.model('gemini') }),
    });
    expect(result.stories.map((story) => story.articleIds)).toEqual([['a'], ['b'], ['c', 'd']]);
    expect(result.pendingPairs.map((pending) => `${pending.leftId}-${pending.rightId}`)).toEqual(['a-b']);
  });

  it('falls back from Gemini to Groq (rule CLU-2) inside a chain', async () => {
    server.enqueueFor({ vendor: 'gemini' }, reply.rateLimit());
    server.enqueueFor({ vendor: 'groq' }, reply.json({ verdicts: [{ pair: 1, sameEvent: true }] }));
    const judge = createLlmJudge({ model: createFallbackChain([server.model('gemini'), server.model('groq')]) });
    const result = await clusterArticles(greyPair, { embedder, judge });
    expect(result.stories).toHaveLength(1);
  });

  it('batches several pairs per call and caches verdicts per pair', async () => {
    server.setDefault(reply.json({ verdicts: [1, 2, 3].map((pair) => ({ pair, sameEvent: false })) }));
    const articles = [
      article('a', 0),
      article('b', 30),
      article('c', 90),
      article('d', 120),
      article('e', 200),
      article('f', 230),
    ];
    const judge = createLlmJudge({ model: server.model('gemini'), batchSize: 2 });
    const first = await clusterArticles(articles, { embedder, judge });
    expect(first.judgedPairs).toBe(3);
    expect(judge.calls).toBe(2);
    expect(server.requests).toHaveLength(2);
    const second = await clusterArticles(articles, { embedder, judge });
    expect(second.stories).toEqual(first.stories);
    expect(server.requests).toHaveLength(2);
  });

  it('renders every pair with both headlines into one versioned prompt', () => {
    const rendered = SAME_EVENT_PROMPT.render({
      pairs: [
        {
          key: 'a\u0000b',
          left: { id: 'a', title: 'Muere el papa Francisco', outlet: 'El País', date: '2025-04-21' },
          right: { id: 'b', title: 'Francisco, el Papa más futbolero', outlet: 'Marca', date: '2025-04-22' },
          similarity: 0.7,
        },
      ],
    });
    expect(rendered.promptVersion).toBe('1');
    expect(rendered.user).toContain('Pair 1:');
    expect(rendered.user).toContain('"Muere el papa Francisco" (El País, 2025-04-21)');
  });
});
