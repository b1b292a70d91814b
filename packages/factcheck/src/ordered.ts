/** Options of {@link mapOrdered}. */
export interface MapOrderedOptions<Item, Result> {
  /** Items processed at the same time; default 4. */
  concurrency?: number;
  /** Extra attempts after a failure; default 2 (so 3 attempts in all). */
  retries?: number;
  /**
   * Turns an item that failed every attempt into a result (e.g. a chunk recorded as `failed`), so
   * that nothing is lost and the output stays in order. Without it the last error is thrown.
   */
  onFailure?: (item: Item, error: unknown, attempts: number) => Result | Promise<Result>;
}

/**
 * Maps an (async) iterable with bounded parallelism, retries and **ordered** output: at most
 * `concurrency` items are in flight, each failed item is retried up to `retries` times, and results
 * are yielded in input order however long each item takes. Items are read from the source only as
 * capacity frees up, so a live source is never buffered beyond `2 × concurrency` results.
 *
 * @example
 * for await (const outcome of mapOrdered(chunks, (chunk, attempt) => processChunk(chunk, attempt), { concurrency: 4 })) {
 *   publish(outcome);
 * }
 */
export async function* mapOrdered<Item, Result>(
  source: Iterable<Item> | AsyncIterable<Item>,
  worker: (item: Item, attempt: number) => Promise<Result>,
  options: MapOrderedOptions<Item, Result> = {},
): AsyncGenerator<Result> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
  const retries = Math.max(0, Math.floor(options.retries ?? 2));
  const window = 2 * concurrency;
  const iterator = (
    Symbol.asyncIterator in source
      ? (source as AsyncIterable<Item>)[Symbol.asyncIterator]()
      : (source as Iterable<Item>)[Symbol.iterator]()
  ) as AsyncIterator<Item> | Iterator<Item>;
  const settled = new Map<number, { ok: true; value: Result } | { ok: false; error: unknown }>();
  let started = 0;
  let yielded = 0;
  let active = 0;
  let exhausted = false;
  let reading = false;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };

  const run = async (item: Item, sequence: number): Promise<void> => {
    let attempt = 1;
    for (;;) {
      try {
        settled.set(sequence, { ok: true, value: await worker(item, attempt) });
        break;
      } catch (error) {
        if (attempt <= retries) {
          attempt += 1;
          continue;
        }
        if (options.onFailure !== undefined) {
          try {
            settled.set(sequence, { ok: true, value: await options.onFailure(item, error, attempt) });
          } catch (failureError) {
            settled.set(sequence, { ok: false, error: failureError });
          }
        } else {
          settled.set(sequence, { ok: false, error });
        }
        break;
      }
    }
    active -= 1;
    notify();
  };

  const hasCapacity = (): boolean => !exhausted && active < concurrency && started - yielded < window;

  const fill = async (): Promise<void> => {
    reading = true;
    try {
      while (hasCapacity()) {
        const step = await iterator.next();
        if (step.done === true) {
          exhausted = true;
          break;
        }
        const sequence = started;
        started += 1;
        active += 1;
        void run(step.value, sequence);
      }
    } catch (error) {
      // a failing source: its error comes out in order, after what was already started
      settled.set(started, { ok: false, error });
      started += 1;
      exhausted = true;
    } finally {
      reading = false;
      notify();
    }
  };

  try {
    for (;;) {
      const ready = settled.get(yielded);
      if (ready !== undefined) {
        settled.delete(yielded);
        yielded += 1;
        if (!ready.ok) throw ready.error;
        yield ready.value;
        continue;
      }
      if (exhausted && yielded === started) return;
      // wait for a worker to finish or the reader to start more; start the reader only when it can
      const waiting = new Promise<void>((resolve) => {
        wake = resolve;
      });
      if (!reading && hasCapacity()) void fill();
      await waiting;
    }
  } finally {
    if (!exhausted && typeof iterator.return === 'function') await iterator.return();
  }
}
