import { z } from 'zod';
import { inputError } from '../errors.js';
import { CheckStatusSchema, IsoDateSchema, VerdictSchema } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { instantOf } from './internal.js';
import { mentirometroRows, type DebateCheck, type MentirometroRow, MentirometroRowSchema } from './mentirometro.js';

/**
 * REV-D: one state of a check. `live` entries are made during the broadcast, `review` entries by
 * the post-debate review.
 *
 * @example
 * VerdictHistoryEntrySchema.parse({ verdict: 'false', status: 'published', at: '2026-10-18T23:10:00Z', phase: 'live' });
 */
export const VerdictHistoryEntrySchema = z.strictObject({
  verdict: VerdictSchema,
  status: CheckStatusSchema,
  at: IsoDateSchema,
  phase: z.enum(['live', 'review']),
  /** Why the state changed (e.g. "re-transcription: '134 mil' was '134 milhões'", a reader report id). */
  reason: z.string().optional(),
});
export type VerdictHistoryEntry = z.infer<typeof VerdictHistoryEntrySchema>;

/**
 * REV-D: the append-only history of one check, oldest first. Times never go back, and no `live`
 * entry follows a `review` entry.
 *
 * @example
 * CheckHistorySchema.parse({ checkId: 'c1', candidate: 'A', history: [entry] });
 */
export const CheckHistorySchema = z.strictObject({
  checkId: z.string().min(1),
  candidate: z.string().min(1),
  history: z.array(VerdictHistoryEntrySchema).min(1),
});
export type CheckHistory = z.infer<typeof CheckHistorySchema>;

/**
 * REV-D: validates the order of a history (times non-decreasing, live before review).
 * @internal Not exported from the package.
 */
export function assertHistoryOrder(
  history: readonly VerdictHistoryEntry[],
  functionName: string,
  path: (string | number)[],
): void {
  for (let index = 1; index < history.length; index += 1) {
    const previous = history[index - 1] as VerdictHistoryEntry;
    const entry = history[index] as VerdictHistoryEntry;
    if (instantOf(entry.at) < instantOf(previous.at)) {
      inputError('REV-D', functionName, [...path, index, 'at'], 'history entries must be in chronological order');
    }
    if (previous.phase === 'review' && entry.phase === 'live') {
      inputError('REV-D', functionName, [...path, index, 'phase'], 'a live entry cannot follow a review entry');
    }
  }
}

/**
 * REV-D: input of {@link reviseCheck}.
 *
 * @example
 * ReviseCheckInputSchema.parse({ check, revision: { verdict: 'imprecise', status: 'published', at: '2026-10-19', phase: 'review' } });
 */
export const ReviseCheckInputSchema = z.strictObject({
  check: CheckHistorySchema,
  revision: VerdictHistoryEntrySchema,
});

/**
 * REV-D: a check's live state, current state and the earlier states kept visible.
 *
 * @example
 * VerdictStatesSchema.parse({ live: null, current: entry, previous: [], revised: false });
 */
export const VerdictStatesSchema = z.strictObject({
  /** The state at the end of the broadcast (last `live` entry); `null` if the check did not exist live. */
  live: VerdictHistoryEntrySchema.nullable(),
  /** The latest state (the revised verdict). */
  current: VerdictHistoryEntrySchema,
  /** Earlier states whose verdict or status differs from the one after them, newest first (shown as "antes: …"). */
  previous: z.array(VerdictHistoryEntrySchema),
  /** True when the current verdict or status differs from the live one. */
  revised: z.boolean(),
});
export type VerdictStates = z.infer<typeof VerdictStatesSchema>;

function states(history: readonly VerdictHistoryEntry[]): VerdictStates {
  const current = history[history.length - 1] as VerdictHistoryEntry;
  let live: VerdictHistoryEntry | null = null;
  for (const entry of history) if (entry.phase === 'live') live = entry;
  const previous: VerdictHistoryEntry[] = [];
  for (let index = history.length - 2; index >= 0; index -= 1) {
    const entry = history[index] as VerdictHistoryEntry;
    const next = history[index + 1] as VerdictHistoryEntry;
    if (entry.verdict !== next.verdict || entry.status !== next.status) previous.push(entry);
  }
  const revised = live === null || live.verdict !== current.verdict || live.status !== current.status;
  return { live, current, previous, revised };
}

/**
 * Appends a revision to a check's history (rule REV-D). The history is append-only: nothing is
 * overwritten, so the previous verdict stays visible. A revision may not be dated before the last
 * entry, and a `live` revision may not follow a `review` one (review never changes the live state).
 *
 * @example
 * const { check: revisedCheck, states } = reviseCheck(check, {
 *   verdict: 'imprecise', status: 'published', at: '2026-10-19T10:00:00Z', phase: 'review',
 *   reason: 'full re-transcription: "134 milhões", not "134 mil"',
 * });
 * states.previous[0]?.verdict; // 'false' (shown as the previous verdict)
 */
export function reviseCheck(
  check: CheckHistory,
  revision: VerdictHistoryEntry,
): { check: CheckHistory; states: VerdictStates } {
  const parsed = parseInput(ReviseCheckInputSchema, { check, revision }, 'REV-D', 'reviseCheck');
  assertHistoryOrder(parsed.check.history, 'reviseCheck', ['check', 'history']);
  const history = [...parsed.check.history, parsed.revision];
  assertHistoryOrder(history, 'reviseCheck', ['check', 'history']);
  return { check: { ...parsed.check, history }, states: states(history) };
}

/**
 * The live, current and previous states of a check (rule REV-D).
 *
 * @example
 * verdictStates(check); // { live, current, previous, revised }
 */
export function verdictStates(check: CheckHistory): VerdictStates {
  const parsed = parseInput(CheckHistorySchema, check, 'REV-D', 'verdictStates');
  assertHistoryOrder(parsed.history, 'verdictStates', ['history']);
  return states(parsed.history);
}

/**
 * REV-D: input of {@link scoreboards}.
 *
 * @example
 * ScoreboardsInputSchema.parse([check]);
 */
export const ScoreboardsInputSchema = z.array(CheckHistorySchema);

/**
 * REV-D: both mentirômetros of a debate.
 *
 * @example
 * ScoreboardsSchema.parse({ live: [], revised: [] });
 */
export const ScoreboardsSchema = z.strictObject({
  live: z.array(MentirometroRowSchema),
  revised: z.array(MentirometroRowSchema),
});
export type Scoreboards = z.infer<typeof ScoreboardsSchema>;

/**
 * The live and revised scoreboards of a debate (rules REV-D and MEN-1), from check histories. The
 * live scoreboard uses each check's last `live` entry — what was visible at the end of the
 * broadcast; a check that did not exist live counts as not visible there. The revised scoreboard
 * uses each check's latest entry. Both have one row per candidate, in order of first appearance of
 * the candidate among the checks, so they line up; appending review entries never changes the
 * live scoreboard.
 *
 * @example
 * scoreboards([
 *   { checkId: 'c1', candidate: 'A', history: [
 *     { verdict: 'false', status: 'published', at: '2026-10-18T23:10:00Z', phase: 'live' },
 *     { verdict: 'true', status: 'published', at: '2026-10-19T12:00:00Z', phase: 'review' },
 *   ] },
 * ]);
 * // → { live: [{ candidate: 'A', false: 1, index: 1, … }], revised: [{ candidate: 'A', true: 1, index: 0, … }] }
 */
export function scoreboards(checks: CheckHistory[]): Scoreboards {
  const parsed = parseInput(ScoreboardsInputSchema, checks, 'REV-D', 'scoreboards');
  const live: DebateCheck[] = [];
  const revised: DebateCheck[] = [];
  parsed.forEach((check, index) => {
    assertHistoryOrder(check.history, 'scoreboards', [index, 'history']);
    const { live: liveState, current } = states(check.history);
    live.push(
      liveState === null
        ? { candidate: check.candidate, verdict: 'no_data', status: 'removed' }
        : { candidate: check.candidate, verdict: liveState.verdict, status: liveState.status },
    );
    revised.push({ candidate: check.candidate, verdict: current.verdict, status: current.status });
  });
  return { live: mentirometroRows(live), revised: mentirometroRows(revised) } satisfies {
    live: MentirometroRow[];
    revised: MentirometroRow[];
  };
}
