import { z } from 'zod';
import { HeadlineClassSchema } from '../shared/schemas.js';
import { BoletinNumberSchema } from './boletin.js';
import { StoredHeadlineSchema } from './stored.js';

const InstantSchema = z.iso.datetime({ offset: true });

/**
 * A classified headline as the store keeps it (seed 004): the HC-2 record (id, outlet, url,
 * publishedAt, title, description — still nothing else, so a body can never be stored) plus the
 * HC-1 class, the backend that made it, the phrase quoted as evidence and the LINK-1 boletín
 * numbers. The one shape shared by `@espectro/headline-classifier` (which makes it) and
 * `@espectro/store` (which validates and keeps it).
 *
 * @example
 * ClassifiedHeadlineSchema.parse({ id: 'latercera:0a1b', outlet: 'latercera.com', url: 'https://www.latercera.com/x',
 *   publishedAt: '2026-11-30T10:00:00Z', title: 'Senado despacha…', description: null, class: 'legislative_process',
 *   backend: 'rules-baseline (offline)', evidence: 'Senado despacha', evidenceField: 'title', rejection: null,
 *   boletines: [], trace: ['HC-1', 'LINK-1', 'AGR-3'], firstSeenAt: '2026-11-30T10:05:00Z', classifiedAt: '2026-11-30T10:05:00Z' });
 */
export const ClassifiedHeadlineSchema = StoredHeadlineSchema.extend({
  /** HC-1 class; `null` only when an LLM answer was rejected (see `rejection`). */
  class: HeadlineClassSchema.nullable(),
  /** `rules-baseline (offline)` or `llm:<vendor>/<model>`. */
  backend: z.string().min(1),
  /** The phrase quoted verbatim from the title or description that decided the class. */
  evidence: z.string().nullable(),
  evidenceField: z.enum(['title', 'description']).nullable(),
  /** Why an LLM answer was rejected; `null` otherwise. */
  rejection: z.string().min(1).nullable(),
  /** LINK-1: boletín numbers written in the title or description, normalised (`12345-07`). */
  boletines: z.array(BoletinNumberSchema),
  /** Rules applied (`HC-1`, `LINK-1`, `AGR-3`). */
  trace: z.array(z.string()),
  /** When the feed item was first read. */
  firstSeenAt: InstantSchema,
  /** When the class was decided. */
  classifiedAt: InstantSchema,
});
/**
 * @example
 * const row: ClassifiedHeadline = ClassifiedHeadlineSchema.parse(value);
 */
export type ClassifiedHeadline = z.infer<typeof ClassifiedHeadlineSchema>;
