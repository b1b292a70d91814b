import { z } from 'zod';
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
 *   field: 'bias', previous: 'right', next: 'center', contestationId: 'c-1', methodologyVersion: 'v1.2-2026-04' });
 */
export function ratingChangeRecord(input: unknown): RatingChangeRecord {
  return parseInput(RatingChangeRecordSchema, input, 'CON-4', 'ratingChangeRecord');
}
