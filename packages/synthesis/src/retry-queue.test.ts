import { describe, expect, test } from 'vitest';
import { applyFailure, createMemoryRetryQueue, firstFailure, toIsoInstant } from './retry-queue.js';
import { retryQueueContract } from './testing/index.js';

retryQueueContract(() => createMemoryRetryQueue(), { name: 'memory' });

describe('retry queue helpers', () => {
  test('firstFailure and applyFailure follow the SYN-5 schedule of the methodology', () => {
    let entry = firstFailure('s1', 'quota', '2026-04-27T10:00:00.000Z');
    expect(entry.nextAttemptAt).toBe('2026-04-27T10:15:00.000Z');
    entry = applyFailure(entry, 'transient', '2026-04-27T10:15:00.000Z');
    expect(entry.nextAttemptAt).toBe('2026-04-27T11:15:00.000Z');
    entry = applyFailure(entry, 'transient', '2026-04-27T11:15:00.000Z');
    expect(entry.nextAttemptAt).toBe('2026-04-27T14:15:00.000Z');
    entry = applyFailure(entry, 'transient', '2026-04-27T14:15:00.000Z');
    expect(entry.nextAttemptAt).toBe('2026-04-27T20:15:00.000Z');
    entry = applyFailure(entry, 'malformed_output', '2026-04-27T20:15:00.000Z');
    expect(entry).toMatchObject({
      status: 'discarded',
      failedAttempts: 5,
      discardReason: 'malformed_output',
      nextAttemptAt: null,
    });
  });

  test('instants are normalised to UTC; bad input is an error naming the field', async () => {
    expect(toIsoInstant('2026-04-27T10:00:00-03:00')).toBe('2026-04-27T13:00:00.000Z');
    const queue = createMemoryRetryQueue();
    await expect(queue.enqueue('s1', 'quota', 'mañana')).rejects.toMatchObject({ code: 'invalid_input', field: 'at' });
    await expect(queue.enqueue('', 'quota', new Date())).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'storyId',
    });
    await expect(queue.due(new Date(), -1)).rejects.toMatchObject({ code: 'invalid_input', field: 'limit' });
  });
});
