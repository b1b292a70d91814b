import { z } from 'zod';
import { parseInput } from '../shared/validate.js';
import { CONTESTATION_TEXT_MAX_LENGTH } from './constants.js';

/**
 * An instant with an explicit offset (`2026-04-27T10:00:00Z`, `…-04:00`): rate limits need times, not dates.
 * @internal
 */
export const InstantSchema = z.iso.datetime({ offset: true });

/**
 * A lowercase domain name with at least one dot (`latercera.com`). Compared as an exact string.
 *
 * @example
 * ContestedOutletSchema.safeParse('https://latercera.com').success; // false: a domain, not a URL
 */
export const ContestedOutletSchema = z
  .string()
  .regex(
    /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/,
    'expected a lowercase domain such as latercera.com',
  );

/**
 * What a reader may contest (rule CON-1).
 *
 * @example
 * ContestationDimensionSchema.options; // ['bias', 'factuality', 'ownership']
 */
export const ContestationDimensionSchema = z.enum(['bias', 'factuality', 'ownership']);
/**
 * @example
 * const dimension: ContestationDimension = 'ownership';
 */
export type ContestationDimension = z.infer<typeof ContestationDimensionSchema>;

/**
 * A reader's contestation of one dimension of an outlet's rating (rule CON-1).
 *
 * @example
 * ContestationSchema.safeParse({ ...contestation, dimension: 'tone' }).success; // false
 */
export const ContestationSchema = z.strictObject({
  id: z.string().min(1).max(200),
  dimension: ContestationDimensionSchema,
  outlet: ContestedOutletSchema,
  /** Stable id of the contester (account or anonymised token); any reader may contest. */
  contesterId: z.string().min(1).max(200),
  text: z
    .string()
    .max(CONTESTATION_TEXT_MAX_LENGTH)
    .refine((text) => text.trim().length > 0, { message: 'the contestation text must not be blank' }),
  createdAt: InstantSchema,
});
/**
 * @example
 * const contestation: Contestation = parseContestation(body);
 */
export type Contestation = z.infer<typeof ContestationSchema>;

/**
 * Validates a contestation (rule CON-1): dimension `bias`, `factuality` or `ownership`, an outlet
 * domain, a contester id, a non-blank text of at most 5 000 characters and its creation instant.
 *
 * @example
 * parseContestation({ id: 'c-1', dimension: 'bias', outlet: 'latercera.com', contesterId: 'u-9',
 *   text: 'El medio no es de centro…', createdAt: '2026-04-27T10:00:00Z' });
 */
export function parseContestation(input: unknown): Contestation {
  return parseInput(ContestationSchema, input, 'CON-1', 'parseContestation');
}

/**
 * UI labels of the dimensions and states (pt-BR from seed 000, es).
 *
 * @example
 * CONTESTATION_LABELS.status.triage['pt-BR']; // 'Em triagem'
 */
export const CONTESTATION_LABELS = {
  dimension: {
    bias: { 'pt-BR': 'Viés', es: 'Sesgo' },
    factuality: { 'pt-BR': 'Factualidade', es: 'Factualidad' },
    ownership: { 'pt-BR': 'Propriedade', es: 'Propiedad' },
  },
  status: {
    open: { 'pt-BR': 'Aberta', es: 'Abierta' },
    triage: { 'pt-BR': 'Em triagem', es: 'En revisión' },
    accepted: { 'pt-BR': 'Aceita', es: 'Aceptada' },
    rejected: { 'pt-BR': 'Rejeitada', es: 'Rechazada' },
  },
} as const;
