import { z } from 'zod';
import { parseInput } from '../shared/validate.js';
import { TRIAGE_NOTES_MAX_LENGTH } from './constants.js';
import { ContestationSchema, InstantSchema, type Contestation } from './contestation.js';

/**
 * States of a contestation (rule CON-2).
 *
 * @example
 * ContestationStatusSchema.options; // ['open', 'triage', 'accepted', 'rejected']
 */
export const ContestationStatusSchema = z.enum(['open', 'triage', 'accepted', 'rejected']);
/**
 * @example
 * const status: ContestationStatus = 'triage';
 */
export type ContestationStatus = z.infer<typeof ContestationStatusSchema>;

/**
 * The only transitions of CON-2: open → triage → accepted | rejected. Terminal states have none.
 *
 * @example
 * CONTESTATION_TRANSITIONS.triage; // ['accepted', 'rejected']
 */
export const CONTESTATION_TRANSITIONS: Readonly<Record<ContestationStatus, readonly ContestationStatus[]>> = {
  open: ['triage'],
  triage: ['accepted', 'rejected'],
  accepted: [],
  rejected: [],
};

/**
 * Whether a state is final (rule CON-2).
 *
 * @example
 * isTerminalContestationStatus('rejected'); // true
 */
export function isTerminalContestationStatus(status: ContestationStatus): boolean {
  return CONTESTATION_TRANSITIONS[status].length === 0;
}

/**
 * One logged transition: who, when, and the triage notes (rule CON-2).
 *
 * @example
 * ContestationTransitionSchema.parse({ from: 'open', to: 'triage', by: 'editor-1', at: '2026-04-27T11:00:00Z', notes: '' });
 */
export const ContestationTransitionSchema = z.strictObject({
  from: ContestationStatusSchema,
  to: ContestationStatusSchema,
  by: z.string().min(1).max(200),
  at: InstantSchema,
  notes: z.string().max(TRIAGE_NOTES_MAX_LENGTH),
});
/**
 * @example
 * const entry: ContestationTransition = { from: 'triage', to: 'rejected', by: 'editor-1', at: '2026-04-28T09:00:00Z', notes: 'Sin fuentes.' };
 */
export type ContestationTransition = z.infer<typeof ContestationTransitionSchema>;

/**
 * The state of one contestation with its complete transition log.
 *
 * @example
 * ContestationStateSchema.parse(openContestation(contestation));
 */
export const ContestationStateSchema = z
  .strictObject({
    contestationId: z.string().min(1).max(200),
    status: ContestationStatusSchema,
    openedAt: InstantSchema,
    transitions: z.array(ContestationTransitionSchema),
  })
  .superRefine((state, context) => {
    let status: ContestationStatus = 'open';
    let time = Date.parse(state.openedAt);
    state.transitions.forEach((transition, index) => {
      if (transition.from !== status || !CONTESTATION_TRANSITIONS[status].includes(transition.to)) {
        context.addIssue({
          code: 'custom',
          path: ['transitions', index],
          message: `transition ${transition.from} → ${transition.to} does not follow ${status} in the CON-2 state machine`,
        });
      }
      const at = Date.parse(transition.at);
      if (at < time)
        context.addIssue({
          code: 'custom',
          path: ['transitions', index, 'at'],
          message: 'transitions must be chronological',
        });
      status = transition.to;
      time = Math.max(time, at);
    });
    if (state.status !== status) {
      context.addIssue({
        code: 'custom',
        path: ['status'],
        message: `status must be ${status}, the state the log ends in`,
      });
    }
  });
/**
 * @example
 * const state: ContestationState = openContestation(contestation);
 */
export type ContestationState = z.infer<typeof ContestationStateSchema>;

/**
 * A requested transition.
 *
 * @example
 * ContestationTransitionRequestSchema.parse({ to: 'triage', by: 'editor-1', at: '2026-04-27T11:00:00Z', notes: '' });
 */
export const ContestationTransitionRequestSchema = z.strictObject({
  to: ContestationStatusSchema,
  by: z.string().min(1).max(200),
  at: InstantSchema,
  notes: z.string().max(TRIAGE_NOTES_MAX_LENGTH),
});
/**
 * @example
 * const request: ContestationTransitionRequest = { to: 'triage', by: 'editor-1', at: '2026-04-27T11:00:00Z', notes: '' };
 */
export type ContestationTransitionRequest = z.infer<typeof ContestationTransitionRequestSchema>;

/**
 * Input of {@link transitionContestation}.
 *
 * @example
 * TransitionContestationInputSchema.parse({ current: state, request });
 */
export const TransitionContestationInputSchema = z.strictObject({
  current: ContestationStateSchema,
  request: ContestationTransitionRequestSchema,
});

/**
 * Why a transition was refused: outcomes of the rule, returned as data.
 *
 * @example
 * ContestationRefusalReasonSchema.options; // ['terminal_state', 'invalid_transition', 'not_chronological', 'notes_required']
 */
export const ContestationRefusalReasonSchema = z.enum([
  'terminal_state',
  'invalid_transition',
  'not_chronological',
  'notes_required',
]);

/**
 * Outcome of {@link transitionContestation}.
 *
 * @example
 * ContestationTransitionOutcomeSchema.parse(transitionContestation(state, request));
 */
export const ContestationTransitionOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    state: ContestationStateSchema,
    entry: ContestationTransitionSchema,
    /** CON-4: an accepted contestation triggers a re-rating with cause `accepted_contestation`. */
    triggersRerating: z.boolean(),
    trace: z.array(z.string()),
  }),
  z.object({
    ok: z.literal(false),
    reason: ContestationRefusalReasonSchema,
    from: ContestationStatusSchema,
    to: ContestationStatusSchema,
    message: z.string(),
  }),
]);
/**
 * @example
 * const outcome: ContestationTransitionOutcome = transitionContestation(state, request); if (!outcome.ok) console.log(outcome.reason);
 */
export type ContestationTransitionOutcome = z.infer<typeof ContestationTransitionOutcomeSchema>;

/**
 * The initial state of a new contestation (rules CON-1, CON-2): `open`, with an empty log.
 *
 * @example
 * openContestation(contestation); // { contestationId: 'c-1', status: 'open', openedAt: '2026-04-27T10:00:00Z', transitions: [] }
 */
export function openContestation(contestation: Contestation): ContestationState {
  const input = parseInput(ContestationSchema, contestation, 'CON-1', 'openContestation');
  return { contestationId: input.id, status: 'open', openedAt: input.createdAt, transitions: [] };
}

/**
 * Applies one transition of the CON-2 state machine: open → triage → accepted | rejected.
 * Refusals are data (`{ ok: false, reason }`), never exceptions: `terminal_state` (accepted and
 * rejected are final), `invalid_transition` (anything else, including staying in place),
 * `not_chronological` (`at` before the last logged time) and `notes_required` (accepting or
 * rejecting needs non-blank triage notes **[choice]**). On success the new state carries the
 * appended log entry (who, when, notes); `current` is never mutated. Accepting sets
 * `triggersRerating` (CON-4).
 *
 * @example
 * const triaged = transitionContestation(open, { to: 'triage', by: 'editor-1', at: '2026-04-27T11:00:00Z', notes: '' });
 * if (triaged.ok) transitionContestation(triaged.state, { to: 'accepted', by: 'editor-1', at: '2026-04-28T09:00:00Z', notes: 'Fuentes nuevas' });
 * transitionContestation(open, { to: 'accepted', … }); // { ok: false, reason: 'invalid_transition', … }
 */
export function transitionContestation(
  current: ContestationState,
  request: ContestationTransitionRequest,
): ContestationTransitionOutcome {
  const input = parseInput(TransitionContestationInputSchema, { current, request }, 'CON-2', 'transitionContestation');
  const from = input.current.status;
  const { to } = input.request;
  const refuse = (
    reason: z.infer<typeof ContestationRefusalReasonSchema>,
    message: string,
  ): ContestationTransitionOutcome => ({
    ok: false,
    reason,
    from,
    to,
    message,
  });
  // rule CON-2: terminal states are final.
  if (isTerminalContestationStatus(from)) return refuse('terminal_state', `a ${from} contestation is final`);
  if (!CONTESTATION_TRANSITIONS[from].includes(to)) {
    return refuse(
      'invalid_transition',
      `${from} → ${to} is not a transition (allowed: ${CONTESTATION_TRANSITIONS[from].join(', ')})`,
    );
  }
  const last = input.current.transitions.at(-1);
  const lastTime = Date.parse(last?.at ?? input.current.openedAt);
  if (Date.parse(input.request.at) < lastTime) {
    return refuse(
      'not_chronological',
      `the transition time precedes the last logged time ${last?.at ?? input.current.openedAt}`,
    );
  }
  if (isTerminalContestationStatus(to) && input.request.notes.trim().length === 0) {
    return refuse('notes_required', `moving to ${to} requires triage notes`);
  }
  const entry: ContestationTransition = {
    from,
    to,
    by: input.request.by,
    at: input.request.at,
    notes: input.request.notes,
  };
  const triggersRerating = to === 'accepted';
  return {
    ok: true,
    state: { ...input.current, status: to, transitions: [...input.current.transitions, entry] },
    entry,
    triggersRerating,
    trace: triggersRerating ? ['CON-2', 'CON-4'] : ['CON-2'],
  };
}
