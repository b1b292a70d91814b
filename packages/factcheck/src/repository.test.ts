import type { EarlierCheck } from '@espectro/methodology';
import { describe, expect, test } from 'vitest';
import { fictionalDebateReplay } from './replay/index.js';
import { createReplayStages } from './replay/stages.js';
import { createMemoryCheckRepository } from './repository.js';

describe('createMemoryCheckRepository', () => {
  const { earlierChecks } = createReplayStages(fictionalDebateReplay());

  test('earlier checks of a candidate from other debates, named by their debate (REP-1)', () => {
    const repository = createMemoryCheckRepository({
      checks: earlierChecks,
      debateNames: { 'aurora-2026-08-27': 'Debate 27/08' },
    });
    const earlier = repository.earlierChecks({
      candidate: 'Otávio Barreto',
      excludeDebateId: 'aurora-2026-09-17',
    }) as EarlierCheck[];
    expect(earlier.map((check) => [check.checkId, check.debate])).toEqual([
      ['aurora-2026-08-27#40.0', 'Debate 27/08'],
      ['aurora-2026-08-27#61.0', 'Debate 27/08'],
    ]);
    expect(repository.earlierChecks({ candidate: 'Otávio Barreto', excludeDebateId: 'aurora-2026-08-27' })).toEqual([]);
  });

  test('append-only histories, copies in and out, scoreboard snapshots', () => {
    const repository = createMemoryCheckRepository({ checks: earlierChecks });
    const stored = repository.getCheck('aurora-2026-08-27#61.0') as (typeof earlierChecks)[number];
    stored.history.push({ verdict: 'false', status: 'published', at: '2030-01-01', phase: 'review' });
    expect((repository.getCheck('aurora-2026-08-27#61.0') as typeof stored).history).toHaveLength(1);
    const updated = repository.appendHistory('aurora-2026-08-27#61.0', {
      verdict: 'imprecise',
      status: 'published',
      at: '2026-08-28T12:00:00Z',
      phase: 'review',
    }) as typeof stored;
    expect(updated).toMatchObject({ verdict: 'imprecise', status: 'published' });
    expect(updated.history).toHaveLength(2);
    expect(() => repository.appendHistory('nope', updated.history[0]!)).toThrow(/no check "nope"/);
    repository.saveScoreboards({ debateId: 'd', at: '2026-09-18', live: [], revised: [] });
    expect(repository.listScoreboards('d')).toHaveLength(1);
    expect(repository.listChecks({ candidate: 'Helena Valadares' })).toHaveLength(1);
    repository.clear();
    expect(repository.listChecks()).toEqual([]);
  });
});
