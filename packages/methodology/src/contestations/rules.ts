import type { RuleEntry } from '../shared/rule-entry.js';
import {
  CONTESTATION_DAY_WINDOW_MS,
  CONTESTATION_HOUR_WINDOW_MS,
  CONTESTATION_TEXT_MAX_LENGTH,
  DEFAULT_CONTESTATIONS_PER_CONTESTER_DAY,
  DEFAULT_CONTESTATIONS_PER_CONTESTER_HOUR,
  DEFAULT_CONTESTATIONS_PER_OUTLET_DAY,
  TRIAGE_NOTES_MAX_LENGTH,
} from './constants.js';

const SECTION = '8. Contestations and audit';

/**
 * Catalogue entries for the rules implemented in this module (CON-1..CON-4, AUDIT).
 *
 * @example
 * contestationRules.map((rule) => rule.id); // ['CON-1', 'CON-2', 'CON-3', 'CON-4', 'AUDIT']
 */
export const contestationRules: RuleEntry[] = [
  {
    id: 'CON-1',
    title: 'Any reader may contest bias, factuality or ownership',
    section: SECTION,
    seed: '000 Contestações',
    choice: false,
    implementedBy: ['ContestationSchema', 'parseContestation', 'openContestation'],
    parameters: [
      {
        name: 'textMaxLength',
        default: CONTESTATION_TEXT_MAX_LENGTH,
        description: 'Longest contestation text accepted.',
      },
    ],
    statement:
      'A contestation has an id, a dimension (bias, factuality or ownership), the outlet domain, the contester id, a non-blank text and its creation instant; it starts in state open.',
  },
  {
    id: 'CON-2',
    title: 'Contestation states: open → triage → accepted | rejected',
    section: SECTION,
    seed: '000 Contestações',
    choice: false,
    implementedBy: ['transitionContestation', 'CONTESTATION_TRANSITIONS', 'ContestationStateSchema'],
    parameters: [
      { name: 'notesMaxLength', default: TRIAGE_NOTES_MAX_LENGTH, description: 'Longest triage notes accepted.' },
    ],
    statement:
      'Only open → triage, triage → accepted and triage → rejected exist; accepted and rejected are final. Each transition logs who, when and the triage notes (non-blank notes required to accept or reject); a refused transition is returned as data with its reason and changes nothing.',
  },
  {
    id: 'CON-3',
    title: 'Rate limits per contester and per outlet',
    section: SECTION,
    seed: '000 Contestações',
    choice: true,
    implementedBy: ['checkContestationRateLimit'],
    parameters: [
      {
        name: 'perContesterHour',
        default: DEFAULT_CONTESTATIONS_PER_CONTESTER_HOUR,
        description: 'Per contester in the rolling hour.',
      },
      {
        name: 'perContesterDay',
        default: DEFAULT_CONTESTATIONS_PER_CONTESTER_DAY,
        description: 'Per contester in the rolling 24 h.',
      },
      {
        name: 'perOutletDay',
        default: DEFAULT_CONTESTATIONS_PER_OUTLET_DAY,
        description: 'Per outlet in the rolling 24 h.',
      },
      { name: 'hourWindowMs', default: CONTESTATION_HOUR_WINDOW_MS, description: 'Rolling hour, in milliseconds.' },
      { name: 'dayWindowMs', default: CONTESTATION_DAY_WINDOW_MS, description: 'Rolling day, in milliseconds.' },
    ],
    statement:
      'For a request at T, an accepted submission at t counts in a window W iff t > T − W (later ones always count). The request is refused when a count already equals its limit, with retryAt = when enough counted submissions leave the window; a refusal changes nothing.',
  },
  {
    id: 'CON-4',
    title: 'Every rating change records its cause',
    section: SECTION,
    seed: '000 Quando uma classificação muda',
    choice: false,
    implementedBy: [
      'RatingChangeCauseSchema',
      'RatingChangeRecordSchema',
      'ratingChangeRecord',
      'ratingChanges',
      'ratingChangeCause',
      'transitionContestation',
    ],
    parameters: [],
    statement:
      'Causes: editorial_change, ownership_change, accepted_contestation, new_prompt_or_model_version, methodology_update. Accepting a contestation triggers a re-rating; a change caused by it names the contestation. ratingChanges records one change per differing rated field (bias, factuality, confidence, ownership) and refuses a change without a cause; the first funnel rating of a preliminary outlet is not a change. [choice] ratingChangeCause names the cause of a re-rating from new evidence: ownership_change if the owner type or entity differs, else methodology_update if the methodology version differs, else new_prompt_or_model_version if the backend or prompt of the content analysis or academic mapping differs, else editorial_change.',
  },
  {
    id: 'AUDIT',
    title: 'Every classification stores its audit metadata',
    section: SECTION,
    seed: '000 Auditoria e transparência',
    choice: false,
    implementedBy: ['ClassificationAuditSchema', 'classificationAudit'],
    parameters: [],
    statement:
      'A classification stores model, prompt version, tokens in/out, score, confidence, indicators and methodology version (vendor, cost and time optional).',
  },
];
