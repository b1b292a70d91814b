import { z } from 'zod';
import { parseInput } from '../shared/validate.js';

/**
 * DEB-2: the kinds of statement the extractor annotates.
 *
 * @example
 * ClaimKindSchema.parse('checkable');
 */
export const ClaimKindSchema = z.enum(['checkable', 'proposal', 'attack', 'rhetoric', 'opinion', 'promise']);
export type ClaimKind = z.infer<typeof ClaimKindSchema>;

/**
 * DEB-2 / JR-9: what the pipeline does with a statement of a given kind.
 *
 * @example
 * ClaimHandlingSchema.parse({ kind: 'promise', action: 'discard', searched: false, becomesCheck: false, status: 'discarded', trace: ['DEB-2', 'JR-9'] });
 */
export const ClaimHandlingSchema = z.strictObject({
  kind: ClaimKindSchema,
  /** `check`: searched and judged; `annotate`: shown as an annotation, never searched or scored; `discard`: never a check. */
  action: z.enum(['check', 'annotate', 'discard']),
  searched: z.boolean(),
  becomesCheck: z.boolean(),
  /** `discarded` for statements that never become checks (kept outside the scoreboard), else `null`. */
  status: z.literal('discarded').nullable(),
  trace: z.array(z.string()),
});
export type ClaimHandling = z.infer<typeof ClaimHandlingSchema>;

/**
 * Claim-kind gating (rules DEB-2 and JR-9). Only `checkable` statements (numbers, data, government
 * acts, laws) are searched and can become checks; concrete `proposal`s and `attack`s are
 * annotated but neither searched nor scored; `rhetoric`, `opinion` and `promise` never become
 * checks — if recorded, their status is `discarded` (JR-9 for opinion and promise), outside the
 * scoreboard. The specific datum of a checkable claim is kept as extracted (a prompt rule).
 *
 * @example
 * claimHandling('checkable'); // { action: 'check', searched: true, becomesCheck: true, status: null, … }
 * claimHandling('promise');   // { action: 'discard', searched: false, becomesCheck: false, status: 'discarded', … }
 */
export function claimHandling(kind: ClaimKind): ClaimHandling {
  const parsed = parseInput(ClaimKindSchema, kind, 'DEB-2', 'claimHandling');
  switch (parsed) {
    case 'checkable':
      return { kind: parsed, action: 'check', searched: true, becomesCheck: true, status: null, trace: ['DEB-2'] };
    case 'proposal':
    case 'attack':
      return { kind: parsed, action: 'annotate', searched: false, becomesCheck: false, status: null, trace: ['DEB-2'] };
    case 'rhetoric':
      return {
        kind: parsed,
        action: 'discard',
        searched: false,
        becomesCheck: false,
        status: 'discarded',
        trace: ['DEB-2'],
      };
    case 'opinion':
    case 'promise':
      // rule JR-9: promise and pure opinion are discarded, outside the scoreboard.
      return {
        kind: parsed,
        action: 'discard',
        searched: false,
        becomesCheck: false,
        status: 'discarded',
        trace: ['DEB-2', 'JR-9'],
      };
  }
}
