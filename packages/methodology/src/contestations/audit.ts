import { z } from 'zod';
import { CountSchema } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { InstantSchema } from './contestation.js';

/**
 * What every classification stores (rule AUDIT): model, prompt version, tokens, score,
 * confidence, indicators and methodology version — enough to reconstruct how it was produced.
 *
 * @example
 * ClassificationAuditSchema.safeParse({ model: 'deepseek-chat' }).success; // false: promptVersion, tokens, … missing
 */
export const ClassificationAuditSchema = z.strictObject({
  /** Model identifier as sent to the provider, e.g. `deepseek-chat`. */
  model: z.string().min(1),
  /** Provider of the model (optional; COST records it for debates). */
  vendor: z.string().min(1).optional(),
  promptVersion: z.string().min(1),
  tokens: z.strictObject({ input: CountSchema, output: CountSchema }),
  /** The numeric score the backend computed from the model's signals. */
  score: z.number(),
  confidence: z.enum(['low', 'medium', 'high']),
  /** Indicators the classifier detected (explicit evidence). */
  indicators: z.array(z.string().min(1)),
  methodologyVersion: z.string().min(1),
  /** Cost of the call in USD, when known (seed 000: "cada análise registra … custo"). */
  costUsd: z.number().nonnegative().optional(),
  classifiedAt: InstantSchema.optional(),
});
/**
 * @example
 * const audit: ClassificationAudit = classificationAudit(record);
 */
export type ClassificationAudit = z.infer<typeof ClassificationAuditSchema>;

/**
 * Validates the audit metadata of one classification (rule AUDIT).
 *
 * @example
 * classificationAudit({ model: 'deepseek-chat', promptVersion: 'hc-v3', tokens: { input: 812, output: 64 },
 *   score: 0.82, confidence: 'high', indicators: ['boletín 12345-07'], methodologyVersion: 'v1.3-2026-12' });
 */
export function classificationAudit(input: unknown): ClassificationAudit {
  return parseInput(ClassificationAuditSchema, input, 'AUDIT', 'classificationAudit');
}
