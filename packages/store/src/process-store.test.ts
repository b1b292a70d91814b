import { describe, expect, it } from 'vitest';
import {
  shareServiceWithProcess,
  shareStoreWithProcess,
  sharedProcessService,
  sharedProcessStore,
  type ProcessService,
} from './process-store.js';
import type { Store } from './store.js';

describe('what a process shares between the worker and the site', () => {
  it('shares one service (clock and replay label) until unshared, and refuses a second one', () => {
    const instant = new Date('2026-08-09T13:00:00Z');
    const service: ProcessService = { now: () => instant, replay: { label: 'replay of the demo' } };
    expect(sharedProcessService()).toBeUndefined();
    const unshare = shareServiceWithProcess(service);
    try {
      expect(sharedProcessService()?.now().toISOString()).toBe('2026-08-09T13:00:00.000Z');
      expect(sharedProcessService()?.replay).toEqual({ label: 'replay of the demo' });
      // Sharing the same service again is harmless; another one is refused, naming what.
      expect(() => shareServiceWithProcess(service)).not.toThrow();
      expect(() => shareServiceWithProcess({ now: () => new Date(), replay: null })).toThrow(
        /already shares a service/,
      );
    } finally {
      unshare();
    }
    expect(sharedProcessService()).toBeUndefined();
  });

  it('keeps the store and the service apart: unsharing one leaves the other', () => {
    const store = { kind: 'a store' } as unknown as Store;
    const unshareStore = shareStoreWithProcess(store);
    const unshareService = shareServiceWithProcess({ now: () => new Date(0), replay: null });
    unshareService();
    expect(sharedProcessStore()).toBe(store);
    expect(() => shareStoreWithProcess({} as Store)).toThrow(/already shares a store/);
    unshareStore();
    expect(sharedProcessStore()).toBeUndefined();
  });
});
