import { createMemoryLedger, type MemoryLedger } from '@espectro/llm';
import { DebateInfoSchema, type DebateInfo } from '../schemas.js';
import type { StageContext } from '../stages/types.js';

/** A small fictional debate for unit tests. */
export const testDebate: DebateInfo = DebateInfoSchema.parse({
  id: 'teste-2026-09-17',
  name: 'Debate de teste (fictício)',
  startedAt: '2026-09-17T23:00:00Z',
  candidates: [{ name: 'Helena Valadares', party: 'Partido Ipê' }, { name: 'Otávio Barreto' }],
  names: ['Serra Clara'],
});

/** A stage context with a fresh ledger. */
export function testContext(key = '0', ledger: MemoryLedger = createMemoryLedger()): StageContext & { ledger: MemoryLedger } {
  return { debate: testDebate, jobId: testDebate.id, ledger, key };
}
