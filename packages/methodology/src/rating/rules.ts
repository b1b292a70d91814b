import type { RuleEntry } from '../shared/rule-entry.js';
import {
  CONTENT_FACTUALITY_PARAMETERS as F,
  CONTENT_METRIC_PARAMETERS as M,
  RATING_PARAMETERS as P,
} from './parameters.js';

const SECTION = '1. Outlet rating funnel';
const CB_SECTION = '1. Outlet rating funnel — content bucket (§4 mapping)';
const CS_SECTION = '1. Outlet rating funnel — content metrics and factuality (§4 counting, Espectro choices)';

/**
 * Catalogue entries for the rules implemented in this module (RULES.md §1).
 *
 * @example
 * ratingRules.find((rule) => rule.id === 'FUN-5')?.parameters; // [{ name: 'strongContentSample', default: 30, … }]
 */
export const ratingRules: RuleEntry[] = [
  {
    id: 'FUN-0',
    title: 'Non-political outlets have no bias',
    section: SECTION,
    seed: '002 §10.5',
    choice: false,
    implementedBy: ['rateOutlet', 'rateOutletUnchecked'],
    parameters: [],
    statement:
      'scope = non_political: bias is null permanently and the bias funnel does not run (appliedRule null, no CONF-SPLIT/CONF-CHANGE, no FUN-3 input checks); factuality follows FAC-1; confidence is low without any factuality assessment, else medium.',
  },
  {
    id: 'FUN-1',
    title: 'Academic vote',
    section: SECTION,
    seed: '002 §3',
    choice: false,
    implementedBy: ['rateOutlet', 'rateOutletUnchecked'],
    parameters: [
      {
        name: 'academicValidityYears',
        default: P.academicValidityYears,
        description: 'a source counts if dated on or after asOf minus this many years',
      },
    ],
    statement:
      'The academic vote counts only if academic.bucket is set and at least one source is dated within 5 years of asOf (inclusive; 29 February minus whole years is 28 February). Older sources are context only. A source dated after asOf is an input error.',
  },
  {
    id: 'FUN-2',
    title: 'Content vote',
    section: SECTION,
    seed: '002 §4',
    choice: false,
    implementedBy: ['rateOutlet', 'rateOutletUnchecked'],
    parameters: [
      { name: 'minContentSample', default: P.minContentSample, description: 'minimum content sample for a vote' },
    ],
    statement:
      'The content vote counts only if sampleSize ≥ 20 and content.bucket is left, center or right (not inconclusive, null or absent).',
  },
  {
    id: 'FUN-3',
    title: 'Ownership rules R1–R4',
    section: SECTION,
    seed: '002 §2',
    choice: false,
    implementedBy: ['rateOutlet', 'rateOutletUnchecked'],
    parameters: [],
    statement:
      'R1: authoritarian regime and owner state-public-broadcaster, state-captured or political-party → prior = regimeBucket. R2: state-public-broadcaster outside authoritarian regimes (hybrid included) → no ownership vote. R3: political-party outside authoritarian regimes → ownership vote = partyBucket. R4: corporate-conglomerate in every regime → no ownership vote. Other owner types → no vote, appliedRule null. For a political outlet, R1 without regimeBucket or R3 without partyBucket is an input error.',
  },
  {
    id: 'FUN-4',
    title: 'Combining the votes (outside R1)',
    section: SECTION,
    seed: '002 §5',
    choice: false,
    implementedBy: ['rateOutlet', 'rateOutletUnchecked'],
    parameters: [],
    statement:
      'Votes V = {R3 ownership, academic, content}. |V| = 0 → bias null, confidence low, flag no_signal. All agree → that bucket (3 votes: CONF-H decides high/medium; 2 votes: medium). 3 votes with 2 agreeing → majority, medium. Otherwise (2 disagree, 3 all differ, |V| = 1) → content if valid, else academic, else the R3 ownership vote; low. dissent lists every valid vote (ownership, academic, content order) that differs from the final bias [reading: for every case, not only 2-of-3].',
  },
  {
    id: 'FUN-5',
    title: 'R3 clamp',
    section: SECTION,
    seed: '002 §2 R3',
    choice: true,
    implementedBy: ['rateOutlet', 'rateOutletUnchecked'],
    parameters: [
      {
        name: 'strongContentSample',
        default: P.strongContentSample,
        description: '"strong content evidence": a center content vote with at least this sample',
      },
    ],
    statement:
      "Under R3 the final bucket is the party's bucket or center. Any other result becomes center, and center stands only when the valid content vote is center with sampleSize ≥ 30; otherwise the party's bucket. Only the bucket changes (flag r3_clamped when it does); confidence stays as FUN-4 computed it.",
  },
  {
    id: 'FUN-6',
    title: 'R1 prior and its override',
    section: SECTION,
    seed: '002 §5.4',
    choice: false,
    implementedBy: ['rateOutlet', 'rateOutletUnchecked'],
    parameters: [
      {
        name: 'r1OverrideMinSample',
        default: P.r1OverrideMinSample,
        description: 'minimum content sample to override the regime prior',
      },
      {
        name: 'r1OverrideRecencyDays',
        default: P.r1OverrideRecencyDays,
        description: 'the overriding content window must start at most this many days before asOf (inclusive)',
      },
      {
        name: 'academicValidityYears',
        default: P.academicValidityYears,
        description: 'the corroborating primary domestic source must be this recent (inclusive)',
      },
    ],
    statement:
      'Under R1 bias = regimeBucket unless: the content vote is valid (after CONF-CHANGE), sampleSize ≥ 30, the content windowStart is set and at most 90 days before asOf (explicit and recent), content ≠ prior, academic.bucket = content bucket, and at least one academic source is primary, domestic and dated within 5 years; then bias = content bucket (flag r1_content_override). Confidence: low without a valid content vote; otherwise FUN-4 (and CONF-H) over {prior, academic if a valid FUN-1 vote, content}, even when the bias is the outvoted prior.',
  },
  {
    id: 'CONF-H',
    title: 'High confidence',
    section: SECTION,
    seed: '002 §7',
    choice: false,
    implementedBy: ['rateOutlet', 'rateOutletUnchecked'],
    parameters: [
      {
        name: 'highConfidenceAcademicYears',
        default: P.highConfidenceAcademicYears,
        description: 'an academic source strictly younger than this many years',
      },
      { name: 'highConfidenceMinSample', default: P.highConfidenceMinSample, description: 'minimum content sample' },
    ],
    statement:
      'Three valid agreeing votes give high only with an academic source (any weight) dated strictly less than 2 years before asOf and a content sampleSize ≥ 30; otherwise medium. A source exactly 2 years old gives medium. High is therefore reachable only under R1 or R3, the rules that supply a third vote.',
  },
  {
    id: 'CONF-SPLIT',
    title: 'Split outlets',
    section: SECTION,
    seed: '002 §6',
    choice: false,
    implementedBy: ['rateOutlet', 'rateOutletUnchecked'],
    parameters: [],
    statement:
      'newsBucket and opinionBucket both set and different → flag split_outlet and confidence one level down (high → medium → low), even if the content vote is invalid. Order: bias confidence → split downgrade → CONF-CAP.',
  },
  {
    id: 'CONF-CHANGE',
    title: 'Recent change of control',
    section: SECTION,
    seed: '002 §8',
    choice: false,
    implementedBy: ['rateOutlet', 'rateOutletUnchecked'],
    parameters: [
      {
        name: 'controlChangeMonths',
        default: P.controlChangeMonths,
        description: 'a change on or after asOf minus this many months is recent',
      },
      {
        name: 'postChangeMinSample',
        default: P.postChangeMinSample,
        description: 'a post-change window below this sample forces low',
      },
    ],
    statement:
      'With a content block and a lastControlChange within 18 months of asOf (inclusive): a windowStart before the change, or no windowStart, removes the content vote (flag content_predates_control_change); a window starting on or after the change with sampleSize < 20 forces confidence low (flag post_change_sample_insufficient). [reading: without a content block CONF-CHANGE does not fire.] A change dated after asOf is an input error.',
  },
  {
    id: 'CONF-CAP',
    title: 'Confidence capped by factuality evidence',
    section: SECTION,
    seed: '002 §5, §7',
    choice: false,
    implementedBy: ['rateOutlet', 'rateOutletUnchecked'],
    parameters: [],
    statement:
      'Final confidence = the lower of the bias confidence (after CONF-SPLIT) and the FAC-2 cap. The trace lists CONF-CAP only when the cap lowered it.',
  },
  {
    id: 'PRELIM',
    title: 'Preliminary rating record',
    section: SECTION,
    seed: '002 §10',
    choice: false,
    implementedBy: ['preliminaryRating'],
    parameters: [],
    statement:
      "An outlet ingested but not yet through the funnel: bias null, confidence preliminary, evidence {status: 'pending', reason, addedAt}. Never the output of rateOutlet; a preliminary outlet with a bias counts in coverage like any other.",
  },
  {
    id: 'FAC-1',
    title: 'Factuality median',
    section: SECTION,
    seed: '002 §5',
    choice: false,
    implementedBy: ['medianFactuality', 'factualityFromAssessments', 'rateOutlet', 'rateOutletUnchecked'],
    parameters: [],
    statement:
      'Factuality = median of the present assessments (academic, content) on very-low < low < mixed < high < very-high; a half-step median rounds toward mixed (very-high + high → high, high + mixed → mixed, very-high + low → mixed, low + very-low → low). None → mixed. An assessment counts whenever it is set, whatever the validity of its bias vote.',
  },
  {
    id: 'FAC-2',
    title: 'Factuality cap on confidence',
    section: SECTION,
    seed: '002 §5',
    choice: false,
    implementedBy: ['factualityCap', 'factualityFromAssessments', 'rateOutlet', 'rateOutletUnchecked'],
    parameters: [],
    statement: '0 factuality assessments → confidence at most low; 1 → at most medium; 2 → no cap.',
  },
  {
    id: 'REV-1',
    title: 'Re-evaluation cadence and triggers',
    section: SECTION,
    seed: '002 §9',
    choice: false,
    implementedBy: ['reEvaluationDue'],
    parameters: [
      {
        name: 'reviewCadenceDays',
        default: P.reviewCadenceDays,
        description: 'due when the last review is at least this many days before asOf',
      },
      {
        name: 'contentDriftDays',
        default: P.contentDriftDays,
        description: 'consecutive days of content drift that trigger a review',
      },
      {
        name: 'contentDriftWindowDays',
        default: P.contentDriftWindowDays,
        description: 'days of the rolling window whose content bucket is computed each day',
      },
    ],
    statement:
      'Due when: the last review is ≥ 180 days before asOf (cadence); an ownership change, a regime change or a new primary academic evaluation is dated strictly after the last review; or the rolling 30-day content bucket differed from the stored bucket on each of the last ≥ 14 consecutive days. Dates after asOf are input errors.',
  },
  {
    id: 'REV-2',
    title: 'Preliminary outlets cadence',
    section: SECTION,
    seed: '002 §10',
    choice: false,
    implementedBy: ['preliminaryStatus'],
    parameters: [
      {
        name: 'preliminaryMinArticles',
        default: P.preliminaryMinArticles,
        description: 'articles needed for the first content analysis',
      },
      {
        name: 'preliminaryContentDays',
        default: P.preliminaryContentDays,
        description: 'target days after being added for the content analysis',
      },
      {
        name: 'preliminaryReviewDays',
        default: P.preliminaryReviewDays,
        description: 'more than this many days preliminary needs review',
      },
    ],
    statement:
      'A content run that returned a bucket promotes the outlet to low with that bucket (promote_low). Otherwise more than 60 days preliminary → needs_review. Otherwise ≥ 20 articles and no conclusive run (none, or insufficient) → content_analysis_due, marked overdue after day 30 [reading: it stays due until day 60]. Otherwise wait (fewer than 20 articles, or an inconclusive run).',
  },
  {
    id: 'VER',
    title: 'Version stamp and trace',
    section: SECTION,
    seed: '002 header, §9',
    choice: false,
    implementedBy: ['rateOutlet', 'rateOutletUnchecked', 'preliminaryRating'],
    parameters: [],
    statement:
      'Every rating stamps methodologyVersion and rateOutlet returns trace, the rule IDs that fired in evaluation order: FUN-3? FUN-1? FUN-2? CONF-CHANGE? (FUN-4 | FUN-6) CONF-H? FUN-5? CONF-SPLIT? FAC-1 FAC-2 CONF-CAP? VER; non-political: FUN-0 FAC-1 FAC-2 VER.',
  },
  {
    id: 'EVID-1',
    title: 'Every rating is reproduced from its stored evidence record',
    section: SECTION,
    seed: '002 introduction, §2–§4, §10',
    choice: false,
    implementedBy: [
      'evidenceToRateOutletInput',
      'rateOutletInputToEvidence',
      'lastControlChange',
      'isPendingEvidence',
      'ownershipOf',
    ],
    parameters: [],
    statement:
      'The stored rating_evidence record (RatingEvidenceSchema: the seed 002 JSON of ownership, academic, not_found and content, or {status: pending}) maps to the rateOutlet input by a pure field mapping: editorial_scope → scope; ownership → ownerType, countryRegime, fundingModel, regimeYear, regimeBucket, partyBucket, and lastControlChange = the latest ownership_history entry with control_change on or before asOf; academic entries dated on or before asOf → sources, with academic_assessment’s bucket and factuality; content → sampleSize, windowStart and, unless insufficient, content_only_sesgo, content_only_factualidad, news_sesgo, opinion_sesgo. Nothing else is read. rateOutlet of that input must equal the stored rating (verified by verifyRatings).',
  },
  {
    id: 'CB-0',
    title: 'Content sample too small',
    section: CB_SECTION,
    seed: '002 §4',
    choice: false,
    implementedBy: ['contentBucket', 'explainContentBucket'],
    parameters: [
      {
        name: 'contentBucketMinSample',
        default: P.contentBucketMinSample,
        description: 'minimum sample for a content bucket',
      },
    ],
    statement: 'sampleSize < 20 → insufficient.',
  },
  {
    id: 'CB-1',
    title: 'Content indicators',
    section: CB_SECTION,
    seed: '002 §4',
    choice: true,
    implementedBy: ['contentBucket', 'explainContentBucket', 'figureLean'],
    parameters: [
      {
        name: 'govOppRatioFavourable',
        default: P.govOppRatioFavourable,
        description: 'ratio strictly above favours the incumbent',
      },
      {
        name: 'govOppRatioAgainst',
        default: P.govOppRatioAgainst,
        description: 'ratio strictly below is against the incumbent',
      },
      {
        name: 'figureLeanThreshold',
        default: P.figureLeanThreshold,
        description: '[choice] |figureLean| at least this indicates a side',
      },
      {
        name: 'topicSharePercent',
        default: P.topicSharePercent,
        description: 'share of non-n/a topics (exact, on counts)',
      },
      { name: 'quoteShareThreshold', default: P.quoteShareThreshold, description: 'share of quotes from one side' },
    ],
    statement:
      'Left indicators: (incumbent left and govOppRatio > 1.5) or (incumbent right and govOppRatio < 0.6); figureLean ≥ 0.2; progressive share of non-n/a topics ≥ 60 % (mixed counts in the denominator; 100·progressive ≥ 60·positioned); quotes left ≥ 0.55. Mirror for right. figureLean = (mean(favourable − critical) over left figures − mean over right figures)/2, null without figures on both sides; center figures ignored. A ratio with a center incumbent is available but indicates no side; topics are available with ≥ 1 non-n/a entry. Real thresholds have a 1e-9 tolerance. Input errors: favourable + critical > 1, quote shares summing to more than 1.',
  },
  {
    id: 'CB-2',
    title: 'Content bucket decision',
    section: CB_SECTION,
    seed: '002 §4',
    choice: false,
    implementedBy: ['contentBucket', 'explainContentBucket'],
    parameters: [
      {
        name: 'minAvailableMetrics',
        default: P.minAvailableMetrics,
        description: 'available metrics needed for a conclusion',
      },
      { name: 'minSideIndicators', default: P.minSideIndicators, description: 'indicators needed for a side' },
    ],
    statement:
      'Fewer than 2 available metrics → inconclusive; ≥ 2 left and ≥ 2 right indicators → inconclusive; ≥ 2 left → left; ≥ 2 right → right; else center. Topical diversity alone never yields center.',
  },
  {
    id: 'CM-1',
    title: 'Government / opposition ratio from framed articles',
    section: CS_SECTION,
    seed: '002 §4 (metric 1)',
    choice: true,
    implementedBy: ['govOppRatio'],
    parameters: [
      {
        name: 'minFramedArticles',
        default: M.minFramedArticles,
        description: '[choice] framed articles (pro-government + pro-opposition) needed for a ratio',
      },
      {
        name: 'ratioContinuityCorrection',
        default: M.ratioContinuityCorrection,
        description: '[choice] added to both sides so a side with 0 articles keeps the ratio finite',
      },
    ],
    statement:
      '[Espectro choice; RULES.md has no ID for it.] Among politically relevant articles, government = framed pro-government, opposition = framed pro-opposition (neutral ones left out). government + opposition < 5 → no ratio (the CB-1 indicator is unavailable); else ratio = (government + 0.5) / (opposition + 0.5).',
  },
  {
    id: 'CM-2',
    title: 'Figures counted for sentiment',
    section: CS_SECTION,
    seed: '002 §4 (metric 2)',
    choice: true,
    implementedBy: ['figureSentimentShares'],
    parameters: [
      {
        name: 'minFigureArticles',
        default: M.minFigureArticles,
        description: '[choice] articles with a sentiment towards a figure needed for it to count',
      },
    ],
    statement:
      '[Espectro choice; RULES.md has no ID for it.] A mapped figure counts only with ≥ 3 articles carrying a sentiment (favourable, neutral or critical) towards them; its CB-1 shares are favourable / articles and critical / articles. Fewer articles → the figure is left out.',
  },
  {
    id: 'CM-3',
    title: 'Position on a disputed topic',
    section: CS_SECTION,
    seed: '002 §4 (metric 3)',
    choice: true,
    implementedBy: ['topicPosition'],
    parameters: [
      {
        name: 'minTopicArticles',
        default: M.minTopicArticles,
        description: '[choice] articles with a stance on the topic needed for a position',
      },
      {
        name: 'topicMajorityNumerator',
        default: M.topicMajorityNumerator,
        description: '[choice] numerator of the stance majority',
      },
      {
        name: 'topicMajorityDenominator',
        default: M.topicMajorityDenominator,
        description: '[choice] denominator of the stance majority',
      },
    ],
    statement:
      '[Espectro choice; RULES.md has no ID for it.] n = articles with a progressive, neutral or conservative stance on the topic. n < 3 → n/a; 3·progressive ≥ 2·n → progressive; 3·conservative ≥ 2·n → conservative; else mixed (exact integers).',
  },
  {
    id: 'CM-4',
    title: 'Distribution of quoted sources',
    section: CS_SECTION,
    seed: '002 §4 (metric 4)',
    choice: true,
    implementedBy: ['quoteShares'],
    parameters: [
      {
        name: 'minMappedQuotes',
        default: M.minMappedQuotes,
        description: '[choice] quotes attributed to mapped actors needed for a distribution',
      },
    ],
    statement:
      '[Espectro choice; RULES.md has no ID for it.] Only quotes attributed to actors of the country map count (unmapped ones are left out). Fewer than 5 mapped quotes → no distribution (the CB-1 indicator is unavailable); else the left, center and right shares of the mapped quotes.',
  },
  {
    id: 'CF-1',
    title: 'Content factuality from signals',
    section: CS_SECTION,
    seed: '002 §4 (Factualidad a partir del contenido)',
    choice: true,
    implementedBy: ['contentFactuality', 'explainContentFactuality'],
    parameters: [
      {
        name: 'contentBucketMinSample',
        default: P.contentBucketMinSample,
        description: 'minimum analysed articles for an assessment (the CB-0 minimum)',
      },
      {
        name: 'lowUnattributedPercent',
        default: F.lowUnattributedPercent,
        description: '[choice] low: percent of articles with unattributed claims',
      },
      {
        name: 'lowViralPercent',
        default: F.lowViralPercent,
        description: '[choice] low: percent of articles with viral content',
      },
      {
        name: 'veryHighBylinePercent',
        default: F.veryHighBylinePercent,
        description: '[choice] very-high: percent of signed articles',
      },
      {
        name: 'veryHighPrimaryPercent',
        default: F.veryHighPrimaryPercent,
        description: '[choice] very-high: percent citing or linking primary sources',
      },
      {
        name: 'veryHighMinCorrections',
        default: F.veryHighMinCorrections,
        description: '[choice] very-high: articles with a correction',
      },
      {
        name: 'highBylinePercent',
        default: F.highBylinePercent,
        description: '[choice] high: percent of signed articles',
      },
      {
        name: 'highPrimaryPercent',
        default: F.highPrimaryPercent,
        description: '[choice] high: percent citing or linking primary sources',
      },
    ],
    statement:
      '[Espectro choice; RULES.md has no ID for it.] Fewer than 20 analysed articles → no assessment (null). Otherwise, on exact integer shares (100·count ≥ percent·articles), in this order: no correction and (≥ 30 % with unattributed claims or ≥ 20 % with viral content) → low; ≥ 1 correction, no viral content, ≥ 90 % signed and ≥ 50 % citing or linking primary sources → very-high; ≥ 70 % signed and ≥ 30 % with primary sources → high; else mixed. very-low (fabricated content) needs fact-check evidence and is never assigned from these signals; an unknown byline counts as unsigned. Input errors: a signal count above the articles.',
  },
];
