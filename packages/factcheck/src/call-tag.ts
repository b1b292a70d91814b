import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Names the model call in flight: the pipeline stage and the replay key (`"12"`, `"12.0#1"`). Real
 * adapters ignore it; replay drivers answer by it, and a capturing `fetch` (Perplexity Sonar) uses
 * the same mechanism to attach per-call data. It travels with the async context, so concurrent
 * calls never see each other's tag.
 */
export interface CallTag {
  stage: string;
  key: string;
}

const storage = new AsyncLocalStorage<CallTag>();

/**
 * Runs `operation` with `tag` as the current call tag.
 *
 * @example
 * await withCallTag({ stage: 'judge', key: '12.0#1' }, () => model.generateObject({ … }));
 */
export function withCallTag<Result>(tag: CallTag, operation: () => Promise<Result>): Promise<Result> {
  return storage.run(tag, operation);
}

/** The tag of the call in flight, if any. */
export function currentCallTag(): CallTag | undefined {
  return storage.getStore();
}
