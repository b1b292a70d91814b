import { z } from 'zod';
import { inputError } from '../errors.js';
import { RatingConfidenceSchema } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { ContestedOutletSchema, InstantSchema } from './contestation.js';

/**
 * Why a rating changed (rule CON-4): the five causes of seed 000 "Quando uma classificação muda".
 *
 * @example
 * RatingChangeCauseSchema.parse('accepted_contestation');
 */
export const RatingChangeCauseSchema = z.enum([
  'editorial_change',
  'ownership_change',
  'accepted_contestation',
  'new_prompt_or_model_version',
  'methodology_update',
]);
/**
 * @example
 * const cause: RatingChangeCause = 'methodology_update';
 */
export type RatingChangeCause = z.infer<typeof RatingChangeCauseSchema>;

/**
 * UI labels of the causes (pt-BR as in seed 000, es).
 *
 * @example
 * RATING_CHANGE_CAUSE_LABELS.ownership_change['pt-BR']; // 'Troca de proprietário'
 */
export const RATING_CHANGE_CAUSE_LABELS: Readonly<Record<RatingChangeCause, { 'pt-BR': string; es: string }>> = {
  editorial_change: {
    'pt-BR': 'Mudança significativa na linha editorial do veículo',
    es: 'Cambio significativo en la línea editorial del medio',
  },
  ownership_change: { 'pt-BR': 'Troca de proprietário', es: 'Cambio de propietario' },
  accepted_contestation: { 'pt-BR': 'Contestação aceita', es: 'Impugnación aceptada' },
  new_prompt_or_model_version: {
    'pt-BR': 'Nova versão do prompt ou do modelo de IA',
    es: 'Nueva versión del prompt o del modelo de IA',
  },
  methodology_update: { 'pt-BR': 'Atualização desta metodologia', es: 'Actualización de esta metodología' },
};

/**
 * One recorded change of an outlet's rating (rule CON-4).
 *
 * @example
 * RatingChangeRecordSchema.safeParse({ ...record, cause: 'accepted_contestation', contestationId: undefined }).success; // false
 */
export const RatingChangeRecordSchema = z
  .strictObject({
    outlet: ContestedOutletSchema,
    changedAt: InstantSchema,
    cause: RatingChangeCauseSchema,
    /** The rated field that changed. */
    field: z.enum(['bias', 'factuality', 'ownership', 'confidence']),
    previous: z.string().nullable(),
    next: z.string().nullable(),
    /** Required exactly when the cause is `accepted_contestation`. */
    contestationId: z.string().min(1).max(200).optional(),
    /** Methodology version of the new rating (VER). */
    methodologyVersion: z.string().min(1),
    notes: z.string().max(10_000).optional(),
  })
  .superRefine((record, context) => {
    if (record.cause === 'accepted_contestation' && record.contestationId === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['contestationId'],
        message: 'an accepted_contestation change names its contestation',
      });
    }
    if (record.cause !== 'accepted_contestation' && record.contestationId !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['contestationId'],
        message: 'only an accepted_contestation change names a contestation',
      });
    }
    if (record.previous === record.next) {
      context.addIssue({ code: 'custom', path: ['next'], message: 'a rating change must change the value' });
    }
  });
/**
 * @example
 * const change: RatingChangeRecord = ratingChangeRecord(input);
 */
export type RatingChangeRecord = z.infer<typeof RatingChangeRecordSchema>;

/**
 * Validates the record of a rating change (rule CON-4): every change states its cause, and a
 * change caused by an accepted contestation names that contestation.
 *
 * @example
 * ratingChangeRecord({ outlet: 'latercera.com', changedAt: '2026-05-02T12:00:00Z', cause: 'accepted_contestation',
 *   field: 'bias', previous: 'right', next: 'center', contestationId: 'c-1', methodologyVersion: 'v1.3-2026-12' });
 */
export function ratingChangeRecord(input: unknown): RatingChangeRecord {
  return parseInput(RatingChangeRecordSchema, input, 'CON-4', 'ratingChangeRecord');
}

/**
 * What CON-4 compares between two ratings of an outlet: the rated fields a reader sees, the
 * ownership as `ownershipOf` renders it, and the methodology version of the rating.
 *
 * @example
 * RatingSnapshotSchema.parse({ bias: 'right', factuality: 'high', confidence: 'medium', ownership: 'family-controlled', methodologyVersion: 'v1.3-2026-12' });
 */
export const RatingSnapshotSchema = z.strictObject({
  bias: z.string().nullable(),
  factuality: z.string().nullable(),
  confidence: RatingConfidenceSchema,
  ownership: z.string().nullable(),
  methodologyVersion: z.string().min(1),
});
/** A rating as CON-4 compares it. */
export type RatingSnapshot = z.infer<typeof RatingSnapshotSchema>;

/**
 * Who changed a rating, when and why: the third argument of {@link ratingChanges}. `cause` may be
 * omitted only when nothing changes.
 *
 * @example
 * RatingChangeContextSchema.parse({ outlet: 'latercera.com', changedAt: '2026-05-02T12:00:00Z', cause: 'editorial_change' });
 */
export const RatingChangeContextSchema = z.strictObject({
  outlet: ContestedOutletSchema,
  changedAt: InstantSchema,
  cause: RatingChangeCauseSchema.optional(),
  contestationId: z.string().min(1).max(200).optional(),
  notes: z.string().max(10_000).optional(),
});
/** The context of a rating change. */
export type RatingChangeContext = z.infer<typeof RatingChangeContextSchema>;

const COMPARED_FIELDS = ['bias', 'factuality', 'confidence', 'ownership'] as const;

/**
 * CON-4: the change records between an outlet's previous and next rating, one per rated field that
 * differs (`bias`, `factuality`, `confidence`, `ownership`, in that order), each with the cause.
 *
 * - No previous rating, or a previous `preliminary` one (PRELIM: "ingerido pero aún no
 *   calificado"), is a first rating: no change is recorded.
 * - Nothing differs → `[]` (a re-rating that confirms the rating is not a change).
 * - Something differs and `context.cause` is missing → `MethodologyInputError` (rule CON-4) naming
 *   the fields; an `accepted_contestation` cause needs its `contestationId`.
 *
 * The records carry the next rating's methodology version (VER). Pure.
 *
 * @example
 * ratingChanges(
 *   { bias: 'right', factuality: 'high', confidence: 'medium', ownership: 'family-controlled', methodologyVersion: 'v1.3-2026-12' },
 *   { bias: 'center', factuality: 'high', confidence: 'medium', ownership: 'family-controlled', methodologyVersion: 'v1.3-2026-12' },
 *   { outlet: 'latercera.com', changedAt: '2026-05-02T12:00:00Z', cause: 'accepted_contestation', contestationId: 'c-1' },
 * ); // [{ field: 'bias', previous: 'right', next: 'center', cause: 'accepted_contestation', contestationId: 'c-1', … }]
 */
export function ratingChanges(
  previous: RatingSnapshot | undefined,
  next: RatingSnapshot,
  context: RatingChangeContext,
): RatingChangeRecord[] {
  const functionName = 'ratingChanges';
  const parsed = parseInput(
    z.strictObject({
      previous: RatingSnapshotSchema.optional(),
      next: RatingSnapshotSchema,
      context: RatingChangeContextSchema,
    }),
    { previous, next, context },
    'CON-4',
    functionName,
  );
  const before = parsed.previous;
  // rule PRELIM — the first funnel rating of a preliminary outlet is its first rating, not a change
  if (before === undefined || before.confidence === 'preliminary') return [];
  const differing = COMPARED_FIELDS.filter((field) => before[field] !== parsed.next[field]);
  if (differing.length === 0) return [];
  const cause = parsed.context.cause;
  if (cause === undefined) {
    inputError(
      'CON-4',
      functionName,
      ['context', 'cause'],
      `the rating of ${parsed.context.outlet} changes (${differing
        .map((field) => `${field} ${before[field] ?? '—'} → ${parsed.next[field] ?? '—'}`)
        .join(', ')}); every rating change needs its cause (${RatingChangeCauseSchema.options.join(', ')})`,
    );
  }
  // rule CON-4 — one validated record per changed field
  return differing.map((field) =>
    ratingChangeRecord({
      outlet: parsed.context.outlet,
      changedAt: parsed.context.changedAt,
      cause,
      field,
      previous: before[field],
      next: parsed.next[field],
      ...(parsed.context.contestationId === undefined ? {} : { contestationId: parsed.context.contestationId }),
      methodologyVersion: parsed.next.methodologyVersion,
      ...(parsed.context.notes === undefined ? {} : { notes: parsed.context.notes }),
    }),
  );
}
