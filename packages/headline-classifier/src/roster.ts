import { z } from 'zod';
import rosterData from '../data/parliamentarians.json' with { type: 'json' };
import { foldText } from './text.js';

/** One sitting member of Congress in the roster file `data/parliamentarians.json`. */
export const ParliamentarianSchema = z.object({
  name: z.string().min(1),
  chamber: z.enum(['senate', 'chamber']),
  territory: z.string().nullable(),
  term: z.string(),
  party: z.string().nullable(),
  /** Ids of the entries of `sources` that name this member. */
  sources: z.array(z.string()).min(1),
  /** Surnames unique in the roster, matched on their own (e.g. `Provoste`). */
  aliases: z.array(z.string()).optional(),
});
export type Parliamentarian = z.infer<typeof ParliamentarianSchema>;

/** The roster file: sitting parliamentarians with the published sources that name them. */
export const RosterSchema = z.object({
  description: z.string(),
  asOf: z.string(),
  sources: z.array(
    z.object({ id: z.string(), url: z.string(), outlet: z.string(), published: z.string(), covers: z.string() }),
  ),
  members: z.array(ParliamentarianSchema),
});
export type Roster = z.infer<typeof RosterSchema>;

/**
 * The bundled roster of sitting Chilean parliamentarians (period from 11 March 2026), partial by
 * design: only names a cited published report confirms (see `data/parliamentarians.json`).
 */
export const PARLIAMENTARIAN_ROSTER: Roster = RosterSchema.parse(rosterData);

/** A compiled matcher: finds roster names (full names and unique surnames) in folded text. */
export interface RosterMatcher {
  /** The first roster mention in `folded` text at or after `from`: start/end offsets and the member. */
  find(folded: string): { start: number; end: number; member: Parliamentarian } | null;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Compiles a roster into one regular expression over folded text (lower case, no accents), with
 * word boundaries, longest names first.
 *
 * @example
 * const matcher = compileRoster(PARLIAMENTARIAN_ROSTER);
 * matcher.find(foldText('Provoste critica al Gobierno'))?.member.name; // 'Yasna Provoste'
 */
export function compileRoster(roster: Roster): RosterMatcher {
  const byForm = new Map<string, Parliamentarian>();
  for (const member of roster.members) {
    for (const form of [member.name, ...(member.aliases ?? [])]) byForm.set(foldText(form), member);
  }
  const forms = [...byForm.keys()].sort((left, right) => right.length - left.length);
  if (forms.length === 0) return { find: () => null };
  // Folded text has no upper case and no accented vowels; every form starts and ends with a-z.
  const pattern = new RegExp(`\\b(?:${forms.map(escape).join('|')})(?![a-z0-9ñ])`);
  return {
    find(folded) {
      const match = pattern.exec(folded);
      if (match === null) return null;
      return { start: match.index, end: match.index + match[0].length, member: byForm.get(match[0])! };
    },
  };
}
