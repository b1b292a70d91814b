/**
 * AUDIT and COST records: what every classification stored (model, prompt version, tokens, score,
 * confidence, indicators, methodology version — validated by the methodology's
 * `classificationAudit`) and every model call of the cost ledger (vendor, model, prompt version,
 * tokens, USD), as `@espectro/llm`'s ledger entries.
 */
import { classificationAudit } from '@espectro/methodology';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StoreExecutor } from './database.js';
import { auditRecords, costLedger } from './schema.js';
import { parseStoreInput } from './validate.js';

/**
 * Stores the audit record of one classification (rule AUDIT) of a subject (`article`, `outlet`,
 * `story`, `headline`, …).
 *
 * @example
 * await recordAudit(db, 'article', 'a_12…', { model: 'gemini-2.5-flash', promptVersion: 'p3', tokens: { input: 800, output: 60 },
 *   score: 0.7, confidence: 'high', indicators: ['…'], methodologyVersion: 'v1.3-2026-12' });
 */
export async function recordAudit(
  executor: StoreExecutor,
  subjectType: string,
  subjectId: string,
  audit: unknown,
): Promise<number> {
  const valid = classificationAudit(audit); // rule AUDIT
  const [row] = await executor
    .insert(auditRecords)
    .values({
      subjectType,
      subjectId,
      model: valid.model,
      vendor: valid.vendor ?? null,
      promptVersion: valid.promptVersion,
      inputTokens: valid.tokens.input,
      outputTokens: valid.tokens.output,
      score: valid.score,
      confidence: valid.confidence,
      indicators: valid.indicators,
      methodologyVersion: valid.methodologyVersion,
      costUsd: valid.costUsd ?? null,
      classifiedAt: valid.classifiedAt ? new Date(valid.classifiedAt) : null,
      recordedAt: new Date(),
    })
    .returning({ id: auditRecords.id });
  return row!.id;
}

/** Audit records of one subject, oldest first. */
export async function listAudits(executor: StoreExecutor, subjectType: string, subjectId: string) {
  return executor
    .select()
    .from(auditRecords)
    .where(sql`${auditRecords.subjectType} = ${subjectType} AND ${auditRecords.subjectId} = ${subjectId}`)
    .orderBy(asc(auditRecords.id));
}

/** One ledger entry as `@espectro/llm`'s `CostLedger` records it (rule COST). */
export const LedgerEntryInputSchema = z.object({
  at: z.string(),
  vendor: z.string().min(1),
  model: z.string().min(1),
  promptId: z.string().min(1),
  promptVersion: z.string().min(1),
  jobId: z.string().optional(),
  operation: z.string().min(1),
  layer: z.number().int().nonnegative(),
  phase: z.string().min(1),
  retry: z.number().int().nonnegative(),
  usage: z.looseObject({ inputTokens: z.number().int().nonnegative(), outputTokens: z.number().int().nonnegative() }),
  audioSeconds: z.number().nonnegative().optional(),
  latencyMs: z.number().nonnegative(),
  outcome: z.string().min(1),
  costUsd: z.number().nonnegative(),
  priced: z.boolean(),
});
/** @see {@link LedgerEntryInputSchema} */
export type LedgerEntryInput = z.input<typeof LedgerEntryInputSchema>;

/**
 * Persists cost-ledger entries (e.g. `memoryLedger.entries()` after a run) with the run id.
 *
 * @example
 * await recordCosts(db, ledger.entries(), run.id);
 */
export async function recordCosts(
  executor: StoreExecutor,
  entries: readonly LedgerEntryInput[],
  runId: string | null = null,
): Promise<number> {
  const valid = parseStoreInput(z.array(LedgerEntryInputSchema), entries, 'costs.record');
  if (valid.length === 0) return 0;
  await executor.insert(costLedger).values(
    valid.map((entry) => ({
      at: new Date(entry.at),
      vendor: entry.vendor,
      model: entry.model,
      promptId: entry.promptId,
      promptVersion: entry.promptVersion,
      jobId: entry.jobId ?? null,
      operation: entry.operation,
      layer: entry.layer,
      phase: entry.phase,
      retry: entry.retry,
      inputTokens: entry.usage.inputTokens,
      outputTokens: entry.usage.outputTokens,
      audioSeconds: entry.audioSeconds ?? null,
      latencyMs: entry.latencyMs,
      outcome: entry.outcome,
      costUsd: entry.costUsd,
      priced: entry.priced,
      runId,
    })),
  );
  return valid.length;
}

/** Total calls, tokens and USD of a job (a story, a debate) or of everything. */
export async function costTotals(
  executor: StoreExecutor,
  jobId?: string,
): Promise<{ calls: number; inputTokens: number; outputTokens: number; costUsd: number }> {
  const [row] = await executor
    .select({
      calls: sql<number>`count(*)::int`,
      inputTokens: sql<number>`coalesce(sum(${costLedger.inputTokens}), 0)::int`,
      outputTokens: sql<number>`coalesce(sum(${costLedger.outputTokens}), 0)::int`,
      costUsd: sql<number>`coalesce(sum(${costLedger.costUsd}), 0)::float8`,
    })
    .from(costLedger)
    .where(jobId === undefined ? undefined : eq(costLedger.jobId, jobId));
  return {
    calls: Number(row?.calls ?? 0),
    inputTokens: Number(row?.inputTokens ?? 0),
    outputTokens: Number(row?.outputTokens ?? 0),
    costUsd: Number(row?.costUsd ?? 0),
  };
}
