/**
 * The live feed of a debate page over Server-Sent Events (the HTML Living Standard's
 * `text/event-stream`): every stored chunk becomes one `chunk` event carrying the new cards and the
 * live scoreboard, a review becomes a `review` event, the end an `ended` event. Event ids are the
 * store's change-feed `seq`, so a reconnecting browser (`Last-Event-ID`) misses nothing.
 *
 * One poller per debate serves every connected reader: it asks the store for events after the
 * oldest id any reader has seen, every {@link DEBATE_FEED_POLL_MS}, builds each event's message
 * once and writes it to every reader that has not seen it.
 */
import { checkPosition, type DebateChangeEvent } from '@espectro/factcheck';
import { checkCardHtml, scoreboardHtml } from './debate-html.js';
import type { DebatePageData, DebateSource } from './debates.js';
import { debateView } from './views.js';
import { t, type Locale } from '../i18n.js';

/** How often a debate's poller asks the store for new events (ms). An engineering choice, not a rule. */
export const DEBATE_FEED_POLL_MS = 200;
/** A comment line is sent this often so proxies keep an idle stream open (ms). */
export const DEBATE_FEED_HEARTBEAT_MS = 15_000;

/** The data of one SSE message. */
export interface DebateFeedMessage {
  seq: number;
  kind: 'chunk' | 'ended' | 'review' | 'report';
  chunkIndex: number | null;
  /** Card HTML of the checks the chunk produced, in claim order. */
  cards: { id: string; html: string }[];
  /** The live scoreboard after this event. */
  scoreboard: string;
  /** MEN-2: does the needle move now? */
  needleMoves: boolean;
  phase: DebatePageData['phase'];
}

/** One SSE frame: `id`, `event` and one `data` line of JSON. */
export function sseFrame(message: DebateFeedMessage): string {
  return `id: ${message.seq}\nevent: ${message.kind}\ndata: ${JSON.stringify(message)}\n\n`;
}

/**
 * The messages of a run of change-feed events, from the debate as the store holds it now. A
 * `chunk` event carries the cards of that chunk's checks and the live scoreboard **as it stood
 * after that chunk** (the checks of it and of the chunks before it), so a reader who receives
 * several events at once still sees the needle move only when the cards on the page pass MEN-2;
 * the other events carry the current live scoreboard.
 *
 * @example
 * debateFeedMessages(page, await source.eventsAfter(page.debate.id, 0), 'pt-BR').map(sseFrame);
 */
export function debateFeedMessages(
  page: DebatePageData,
  events: readonly DebateChangeEvent[],
  locale: Locale,
): DebateFeedMessage[] {
  const positioned = page.debate.checks.map((check) => ({ check, position: checkPosition(check.id) }));
  const boards = new Map<number | null, ReturnType<typeof debateView>['live']>();
  const liveBoardAfter = (chunkIndex: number | null) => {
    let board = boards.get(chunkIndex);
    if (board === undefined) {
      const checks =
        chunkIndex === null
          ? page.debate.checks
          : positioned
              .filter(({ position }) => position === null || position.chunkIndex <= chunkIndex)
              .map(({ check }) => check);
      board = debateView({ ...page.debate, checks }).live;
      boards.set(chunkIndex, board);
    }
    return board;
  };
  const title = `${t(locale, 'mentirometro')} — ${t(locale, 'scoreboardLive')}`;
  return events.map((event) => {
    const chunkIndex = event.kind === 'chunk' ? event.chunkIndex : null;
    const board = liveBoardAfter(chunkIndex);
    const cards =
      chunkIndex === null
        ? []
        : positioned
            .filter(({ position }) => position?.chunkIndex === chunkIndex)
            .map(({ check }) => ({
              id: check.id,
              html: checkCardHtml(check, page.debate.id, locale, {
                earlierCheckPath: check.repeatOf?.checkId
                  ? (page.earlierCheckPaths[check.repeatOf.checkId] ?? null)
                  : null,
              }),
            }));
    return {
      seq: event.seq,
      kind: event.kind,
      chunkIndex: event.chunkIndex,
      cards,
      scoreboard: scoreboardHtml(board, title, locale),
      needleMoves: board.needleMoves,
      phase: page.phase,
    };
  });
}

interface Reader {
  seen: number;
  write: (text: string) => void;
}

class DebatePoller {
  private readonly readers = new Set<Reader>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private polling = false;

  constructor(
    private readonly source: DebateSource,
    private readonly debateId: string,
    private readonly locale: Locale,
    private readonly onIdle: () => void,
  ) {}

  add(reader: Reader): () => void {
    this.readers.add(reader);
    this.schedule(0);
    return () => {
      this.readers.delete(reader);
      if (this.readers.size === 0) {
        clearTimeout(this.timer);
        this.onIdle();
      }
    };
  }

  private schedule(ms: number): void {
    if (this.polling || this.readers.size === 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), ms);
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      const oldest = Math.min(...[...this.readers].map((reader) => reader.seen));
      const events = await this.source.eventsAfter(this.debateId, oldest);
      if (events.length > 0) {
        const page = await this.source.get(this.debateId);
        if (page !== undefined)
          for (const message of debateFeedMessages(page, events, this.locale)) {
            const frame = sseFrame(message);
            for (const reader of this.readers)
              if (reader.seen < message.seq) {
                reader.write(frame);
                reader.seen = message.seq;
              }
          }
      }
    } catch (error) {
      // a failed poll (store busy, connection lost) is logged and retried on the next tick
      console.error(`[espectro] debate feed ${this.debateId}: poll failed, retrying: ${(error as Error).message}`);
    } finally {
      this.polling = false;
      this.schedule(DEBATE_FEED_POLL_MS);
    }
  }
}

const pollers = new Map<string, DebatePoller>();

/**
 * A `text/event-stream` response following a debate from event `afterSeq` on, until the reader
 * disconnects (`signal`).
 *
 * @example
 * return debateEventStream(source, 'aurora-2026-09-17', 12, request.signal);
 */
export function debateEventStream(
  source: DebateSource,
  debateId: string,
  afterSeq: number,
  signal: AbortSignal,
  locale: Locale = 'pt-BR',
): Response {
  const encoder = new TextEncoder();
  let release: (() => void) | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          // the reader is gone
        }
      };
      write(`retry: 3000\n: ${debateId}\n\n`);
      let poller = pollers.get(debateId);
      if (poller === undefined) {
        poller = new DebatePoller(source, debateId, locale, () => pollers.delete(debateId));
        pollers.set(debateId, poller);
      }
      release = poller.add({ seen: afterSeq, write });
      heartbeat = setInterval(() => write(': ping\n\n'), DEBATE_FEED_HEARTBEAT_MS);
      const close = () => {
        clearInterval(heartbeat);
        release?.();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      if (signal.aborted) close();
      else signal.addEventListener('abort', close, { once: true });
    },
    cancel() {
      clearInterval(heartbeat);
      release?.();
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    },
  });
}
