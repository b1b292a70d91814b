/**
 * The live feed of a debate page without a browser: every stored check reaches the feed once, in
 * broadcast order, with the scoreboard as it stood after its chunk (MEN-2 counted here from the
 * verdict histories), and the event stream resumes after the id a reader has seen — including
 * checks stored after the reader connected.
 */
import type { DebateChangeEvent } from '@espectro/factcheck';
import { verdictStates } from '@espectro/methodology';
import { describe, expect, test } from 'vitest';
import { buildFixtureSnapshot } from '../fixtures/fixture.js';
import { debateEventStream, debateFeedMessages, type DebateFeedMessage } from './debate-feed.js';
import type { DebatePageData, DebateSource } from './debates.js';

const snapshot = buildFixtureSnapshot({ stories: 4 });
const debate = snapshot.debates.find((candidate) => candidate.id === 'aurora-2026-04-20')!;
const chunkOf = (checkId: string) => Number(/#(\d+)\.\d+$/.exec(checkId)![1]);

/** The fixture debate as the live page sees it mid-broadcast, with the checks of the chunks ≤ `lastChunk`. */
function livePage(lastChunk = Number.POSITIVE_INFINITY): DebatePageData {
  return {
    debate: { ...debate, checks: debate.checks.filter((check) => chunkOf(check.id) <= lastChunk) },
    phase: 'live',
    fictional: true,
    lastEventSeq: 0,
    speakingTime: null,
    officialShare: null,
    costUsd: null,
    earlierCheckPaths: {},
  };
}

/** One `chunk` event per chunk with checks, plus one chunk without any, then `ended`. */
function changeFeed(): DebateChangeEvent[] {
  const chunks = [...new Set(debate.checks.map((check) => chunkOf(check.id)))].sort((left, right) => left - right);
  const silent = Math.max(...chunks) + 1;
  const kinds: [DebateChangeEvent['kind'], number | null][] = [
    ...chunks.map((chunk): [DebateChangeEvent['kind'], number] => ['chunk', chunk]),
    ['chunk', silent],
    ['ended', null],
  ];
  return kinds.map(([kind, chunkIndex], index) => ({
    seq: index + 1,
    debateId: debate.id,
    kind,
    chunkIndex,
    at: new Date(Date.parse(debate.startedAt) + index * 10_000).toISOString(),
  }));
}

describe('debate feed messages', () => {
  const events = changeFeed();
  const messages = debateFeedMessages(livePage(), events, 'pt-BR');

  test('every check reaches the feed exactly once, in broadcast order, in the message of its chunk', () => {
    const delivered = messages.flatMap((message) => message.cards.map((card) => card.id));
    const inBroadcastOrder = [...debate.checks]
      .sort((left, right) => chunkOf(left.id) - chunkOf(right.id))
      .map((check) => check.id);
    expect(delivered).toEqual(inBroadcastOrder);
    for (const message of messages)
      for (const card of message.cards) {
        expect(chunkOf(card.id)).toBe(message.chunkIndex);
        expect(card.html).toContain(`data-check-id="${card.id}"`);
      }
    expect(messages.map((message) => message.seq)).toEqual(events.map((event) => event.seq));
    expect(messages.at(-2)!.cards).toEqual([]);
  });

  test('the needle moves only once every candidate has ≥ 3 checkable live verdicts (MEN-2), and then stays moving', () => {
    const checkable = (chunk: number, candidate: string) =>
      debate.checks.filter((check) => {
        if (check.candidate !== candidate || chunkOf(check.id) > chunk) return false;
        const live = verdictStates({ checkId: check.id, candidate, history: check.history }).live;
        return live !== null && live.status === 'published' && live.verdict !== 'no_data';
      }).length;
    const chunkMessages = messages.filter((message) => message.kind === 'chunk');
    const expected = chunkMessages.map((message) =>
      debate.candidates.every(({ name }) => checkable(message.chunkIndex!, name) >= 3),
    );
    expect(chunkMessages.map((message) => message.needleMoves)).toEqual(expected);
    expect(expected[0]).toBe(false);
    expect(expected.at(-1)).toBe(true);
    for (const message of chunkMessages)
      expect(message.scoreboard.includes('data-needle="moves"')).toBe(message.needleMoves);
  });
});

describe('debate event stream', () => {
  /** A source whose change feed grows when the test says so, as the store's does during a broadcast. */
  function growingSource(all: DebateChangeEvent[], published: number) {
    const state = { published };
    const source: DebateSource = {
      live: true,
      list: async () => [livePage()],
      get: async (debateId) => (debateId === debate.id ? livePage() : undefined),
      eventsAfter: async (_debateId, afterSeq) => all.slice(0, state.published).filter((event) => event.seq > afterSeq),
    };
    return { source, publish: (count: number) => (state.published = count) };
  }

  /** Reads a stream's SSE messages, `count` at a time. */
  function messagesOf(response: Response) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    return async (count: number): Promise<DebateFeedMessage[]> => {
      const messages: DebateFeedMessage[] = [];
      while (messages.length < count) {
        const end = buffered.indexOf('\n\n');
        if (end < 0) {
          const { value, done } = await reader.read();
          if (done) break;
          buffered += value;
          continue;
        }
        const frame = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = frame.split('\n').find((line) => line.startsWith('data: '));
        if (data === undefined) continue; // the retry line, a comment or a heartbeat
        const message = JSON.parse(data.slice('data: '.length)) as DebateFeedMessage;
        expect(frame.startsWith(`id: ${message.seq}\nevent: ${message.kind}\n`)).toBe(true);
        messages.push(message);
      }
      return messages;
    };
  }

  test('a reader gets the events after the id it has seen, and later checks as they are stored; a late reader resumes after its id', async () => {
    const all = changeFeed();
    const { source, publish } = growingSource(all, 3);
    const first = new AbortController();
    const second = new AbortController();
    try {
      const early = debateEventStream(source, debate.id, 0, first.signal);
      expect(early.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const readEarly = messagesOf(early);
      expect((await readEarly(3)).map((message) => message.seq)).toEqual([1, 2, 3]);
      // the broadcast goes on: the rest of the chunks are stored while the reader is connected
      publish(all.length);
      const rest = await readEarly(all.length - 3);
      expect(rest.map((message) => message.seq)).toEqual(all.slice(3).map((event) => event.seq));
      // a reader reconnecting with Last-Event-ID 2 gets 3… and nothing it had
      const late = debateEventStream(source, debate.id, 2, second.signal);
      const resumed = await messagesOf(late)(all.length - 2);
      expect(resumed.map((message) => message.seq)).toEqual(all.slice(2).map((event) => event.seq));
      // what the late reader got carries every check of the chunks after 2, each once
      expect(resumed.flatMap((message) => message.cards.map((card) => card.id))).toEqual(
        debateFeedMessages(livePage(), all.slice(2), 'pt-BR').flatMap((message) =>
          message.cards.map((card) => card.id),
        ),
      );
    } finally {
      first.abort();
      second.abort();
    }
  });
});
