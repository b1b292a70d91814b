import { z } from 'zod';
import { inputError } from '../errors.js';
import { greaterThan, THRESHOLD_EPSILON } from '../shared/exact.js';
import { TONES, type Tone } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { DEB_CHATTER_DROP_ABOVE } from './parameters.js';

const ProbabilitySchema = z.number().finite().min(0).max(1);

/**
 * DEB-1: the tone classifier's probabilities for one chunk — all five tones, each in [0, 1], used as
 * given (no renormalisation); their sum may not exceed 1 + 1e-9.
 *
 * @example
 * ToneProbabilitiesSchema.parse({ proposal: 0.3, attack: 0.7, defense: 0, record: 0, chatter: 0 });
 */
export const ToneProbabilitiesSchema = z.strictObject({
  proposal: ProbabilitySchema,
  attack: ProbabilitySchema,
  defense: ProbabilitySchema,
  record: ProbabilitySchema,
  chatter: ProbabilitySchema,
});
export type ToneProbabilities = z.infer<typeof ToneProbabilitiesSchema>;

/**
 * DEB-1: input of {@link splitSpeakingTime} (the two positional arguments as one object).
 *
 * @example
 * SplitSpeakingTimeInputSchema.parse({ seconds: 10, probabilities });
 */
export const SplitSpeakingTimeInputSchema = z.strictObject({
  seconds: z.number().finite().nonnegative(),
  probabilities: ToneProbabilitiesSchema,
});

/**
 * DEB-1: seconds of speech per tone; `null` when the chunk was dropped as chatter.
 *
 * @example
 * SpeakingTimeSplitSchema.parse({ proposal: 3, attack: 7, defense: 0, record: 0, chatter: 0 });
 */
export const SpeakingTimeSplitSchema = z
  .strictObject({
    proposal: z.number(),
    attack: z.number(),
    defense: z.number(),
    record: z.number(),
    chatter: z.number(),
  })
  .nullable();

/**
 * Splits the seconds of one audio chunk among the five tones in proportion to the classifier's
 * probabilities (rule DEB-1). Probabilities are used as given — never renormalised — so the parts
 * sum to `seconds × Σp`. A chunk whose chatter probability is strictly above 0.5 ("só conversa")
 * goes no further: the result is `null`. Negative probabilities or a sum above 1 + 1e-9 are an
 * input error.
 *
 * @example
 * splitSpeakingTime(10, { proposal: 0.3, attack: 0.7, defense: 0, record: 0, chatter: 0 });
 * // → { proposal: 3, attack: 7, defense: 0, record: 0, chatter: 0 }
 * splitSpeakingTime(10, { proposal: 0.1, attack: 0.1, defense: 0, record: 0, chatter: 0.8 }); // → null
 */
export function splitSpeakingTime(seconds: number, probabilities: Record<Tone, number>): Record<Tone, number> | null {
  const input = parseInput(SplitSpeakingTimeInputSchema, { seconds, probabilities }, 'DEB-1', 'splitSpeakingTime');
  const sum = TONES.reduce((total, tone) => total + input.probabilities[tone], 0);
  if (sum > 1 + THRESHOLD_EPSILON) {
    inputError('DEB-1', 'splitSpeakingTime', ['probabilities'], `tone probabilities sum to ${sum}, more than 1`);
  }
  // rule DEB-1: "só conversa" = chatter strictly above 0.5 (a value within 1e-9 of 0.5 is 0.5).
  if (greaterThan(input.probabilities.chatter, DEB_CHATTER_DROP_ABOVE)) return null;
  const split = {} as Record<Tone, number>;
  for (const tone of TONES) split[tone] = input.seconds * input.probabilities[tone];
  return split;
}
