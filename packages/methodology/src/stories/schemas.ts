/**
 * Zod schemas of the story rules (RULES.md §3–§5): inputs are strict (unknown fields are an
 * error, nothing is coerced); results are described for the published JSON Schemas.
 * Every schema is built once, at module load.
 */
import { z } from 'zod';
import {
  BucketSchema,
  CountSchema,
  FactualitySchema,
  IsoDateSchema,
  TopicSchema,
  type Bucket,
  type Factuality,
} from '../shared/schemas.js';

const DomainSchema = z.string().min(1).describe('Outlet domain, compared as an exact string (e.g. "elpais.com")');

// ── Outlets of a story (COV-*, TIER, BS-PR-*) ──────────────────────────────────────────────────

/**
 * One outlet (unique domain) that covered a story. `scope: null` is a domain not in the roster;
 * a `bias` is allowed only on a `political` outlet (FUN-0: non-political outlets have no bias),
 * so `{ scope: 'non_political', bias: 'left' }` is an input error, not silently ignored.
 *
 * @example
 * StoryOutletSchema.parse({ domain: 'elpais.com', scope: 'political', bias: 'center' });
 */
export const StoryOutletSchema = z.discriminatedUnion('scope', [
  z.strictObject({ domain: DomainSchema, scope: z.literal('political'), bias: BucketSchema.nullable() }),
  z.strictObject({ domain: DomainSchema, scope: z.literal('non_political'), bias: z.null() }),
  z.strictObject({ domain: DomainSchema, scope: z.null(), bias: z.null() }),
]);
/**
 * One outlet of a story, in the shape API.md fixes (`scope` and `bias` independently nullable).
 * The schema is stricter than the type: a `bias` on a non-political or unrostered outlet is
 * rejected at run time (FUN-0), so callers holding plain roster rows need no narrowing.
 *
 * @example
 * const outlet: StoryOutlet = { domain: 'elpais.com', scope: 'political', bias: 'center' };
 */
export type StoryOutlet = { domain: string; scope: 'political' | 'non_political' | null; bias: Bucket | null };

/**
 * Input of {@link coverage}: the outlets of a story; repeated domains count once (COV-1).
 *
 * @example
 * CoverageInputSchema.parse([{ domain: 'a.com', scope: 'political', bias: 'left' }]);
 */
export const CoverageInputSchema = z.array(StoryOutletSchema);
/**
 * The type of {@link CoverageInputSchema}.
 *
 * @example
 * const outlets: CoverageInput = [{ domain: 'marca.com', scope: 'non_political', bias: null }];
 */
export type CoverageInput = z.infer<typeof CoverageInputSchema>;

const BucketCountsSchema = z.object({ left: CountSchema, center: CountSchema, right: CountSchema });

/**
 * Result of {@link coverage}: unique-domain counts and largest-remainder percentages (COV-1, COV-2).
 *
 * @example
 * CoverageResultSchema.parse(coverage([]));
 */
export const CoverageResultSchema = z.object({
  /** Unique domains (every scope, including domains not in the roster). */
  total: CountSchema,
  /** Unique `political` domains, with or without a bias. */
  political: CountSchema,
  /** Unique `non_political` domains. */
  nonPolitical: CountSchema,
  /** Unique domains not in the roster (`scope: null`). */
  unrostered: CountSchema,
  /** Unique rated domains (RULES §10): non-political, or political with a bias. Input of TIER. */
  rated: CountSchema,
  /** Unique political domains with a bias, per bucket. */
  counts: BucketCountsSchema,
  /** Largest-remainder percentages of `counts`: sum to 100, or all 0 when no outlet has a bias. */
  percent: BucketCountsSchema,
});
/**
 * The type of {@link CoverageResultSchema}.
 *
 * @example
 * const { percent }: CoverageResult = coverage(outlets);
 */
export type CoverageResult = z.infer<typeof CoverageResultSchema>;

/**
 * Input of {@link largestRemainderPercent}: non-negative integer counts, in display order.
 *
 * @example
 * LargestRemainderInputSchema.parse([1, 1, 1]);
 */
export const LargestRemainderInputSchema = z.array(CountSchema);

// ── TIER ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Input of {@link storyTier}: the number of unique rated domains.
 *
 * @example
 * StoryTierInputSchema.parse(6);
 */
export const StoryTierInputSchema = CountSchema;

/**
 * A synthesised story's tier (TIER).
 *
 * @example
 * StoryTierSchema.parse('main');
 */
export const StoryTierSchema = z.enum(['main', 'limited']);
/**
 * The type of {@link StoryTierSchema}.
 *
 * @example
 * const tier: StoryTier = 'limited';
 */
export type StoryTier = z.infer<typeof StoryTierSchema>;

/**
 * Result of {@link storyTier}: the tier, or `null` when the story is not synthesised.
 *
 * @example
 * StoryTierResultSchema.parse(null);
 */
export const StoryTierResultSchema = StoryTierSchema.nullable();

// ── PG ─────────────────────────────────────────────────────────────────────────────────────────

const GuardOutletFields = {
  domain: DomainSchema,
  factuality: FactualitySchema.nullable(),
  contributedText: z.boolean(),
};

/**
 * One outlet of a story as the publish guard sees it; same scope/bias rule as
 * {@link StoryOutletSchema}, plus its factuality and whether its text went to the synthesis.
 *
 * @example
 * PublishGuardOutletSchema.parse({ domain: 'a.com', scope: 'political', bias: 'left', factuality: 'high', contributedText: true });
 */
export const PublishGuardOutletSchema = z.discriminatedUnion('scope', [
  z.strictObject({ ...GuardOutletFields, scope: z.literal('political'), bias: BucketSchema.nullable() }),
  z.strictObject({ ...GuardOutletFields, scope: z.literal('non_political'), bias: z.null() }),
  z.strictObject({ ...GuardOutletFields, scope: z.null(), bias: z.null() }),
]);
/**
 * One outlet as the publish guard sees it, in the API.md shape; the schema additionally rejects a
 * `bias` on a non-political or unrostered outlet at run time (FUN-0).
 *
 * @example
 * const outlet: PublishGuardOutlet = { domain: 'a.com', scope: null, bias: null, factuality: null, contributedText: false };
 */
export type PublishGuardOutlet = StoryOutlet & { factuality: Factuality | null; contributedText: boolean };

/**
 * Input of {@link publishGuard} (rule PG).
 *
 * @example
 * PublishGuardInputSchema.parse({ rawOutlets: 7, sentences: 10, tier: 'main', hasImage: true, outlets: [], lowValue: false, countryStoriesLast24h: 0 });
 */
export const PublishGuardInputSchema = z.strictObject({
  /** Distinct raw outlets before synthesis. */
  rawOutlets: CountSchema,
  /** Sentences the synthesis returned; `null` = none returned. */
  sentences: CountSchema.nullable(),
  tier: StoryTierSchema,
  hasImage: z.boolean(),
  outlets: z.array(PublishGuardOutletSchema),
  /** Low-value topic (lifestyle, entertainment, gossip). */
  lowValue: z.boolean(),
  /** Stories of the same country already published in the rolling 24 h. */
  countryStoriesLast24h: CountSchema,
  /** Per-country cap in the rolling 24 h; default 8 **[choice]**. */
  countryCap: CountSchema.optional(),
});
/**
 * The type of {@link PublishGuardInputSchema}.
 *
 * @example
 * const story: PublishGuardInput = { rawOutlets: 7, sentences: 10, tier: 'main', hasImage: true, outlets: [], lowValue: false, countryStoriesLast24h: 2 };
 */
export type PublishGuardInput = Omit<z.input<typeof PublishGuardInputSchema>, 'outlets'> & {
  outlets: PublishGuardOutlet[];
};

/**
 * The publish guard's reason codes, in the order RULES.md §3 lists them (and results use).
 *
 * @example
 * GuardReasonSchema.options[0]; // 'no_coverage'
 */
export const GuardReasonSchema = z.enum([
  'no_coverage',
  'no_synthesis',
  'insufficient_synthesis',
  'few_sentences',
  'no_image',
  'low_coverage',
  'low_diversity',
  'suspect_sources',
  'filtered_content',
  'country_cap',
]);
/**
 * The type of {@link GuardReasonSchema}.
 *
 * @example
 * const reason: GuardReason = 'low_diversity';
 */
export type GuardReason = z.infer<typeof GuardReasonSchema>;

/**
 * Result of {@link publishGuard}: published only when `reasons` is empty.
 *
 * @example
 * PublishGuardResultSchema.parse({ publish: true, reasons: [] });
 */
export const PublishGuardResultSchema = z.object({
  publish: z.boolean(),
  reasons: z.array(GuardReasonSchema),
});
/**
 * The type of {@link PublishGuardResultSchema}.
 *
 * @example
 * const { publish, reasons }: PublishGuardResult = publishGuard(story);
 */
export type PublishGuardResult = z.infer<typeof PublishGuardResultSchema>;

// ── BS-BR ──────────────────────────────────────────────────────────────────────────────────────

/**
 * One article of a story for the Fuja da Bolha blindspot: its outlet's bias and its outlet's
 * factuality score (0–100, real numbers allowed), each `null` when unknown.
 *
 * @example
 * FujaDaBolhaArticleSchema.parse({ bias: 'left', factualityScore: 72 });
 */
export const FujaDaBolhaArticleSchema = z.strictObject({
  bias: BucketSchema.nullable(),
  factualityScore: z.number().min(0).max(100).nullable(),
});
/**
 * The type of {@link FujaDaBolhaArticleSchema}.
 *
 * @example
 * const article: FujaDaBolhaArticle = { bias: 'right', factualityScore: 55 };
 */
export type FujaDaBolhaArticle = z.infer<typeof FujaDaBolhaArticleSchema>;

/**
 * Input of {@link blindspotFujaDaBolha}: every article of the story (per article, not per outlet).
 *
 * @example
 * BlindspotFujaDaBolhaInputSchema.parse([{ bias: 'right', factualityScore: null }]);
 */
export const BlindspotFujaDaBolhaInputSchema = z.array(FujaDaBolhaArticleSchema);

/**
 * The side a Fuja da Bolha blindspot belongs to (center has none).
 *
 * @example
 * FujaDaBolhaSideSchema.parse('left');
 */
export const FujaDaBolhaSideSchema = z.enum(['left', 'right']);
/**
 * The type of {@link FujaDaBolhaSideSchema}.
 *
 * @example
 * const side: FujaDaBolhaSide = 'left';
 */
export type FujaDaBolhaSide = z.infer<typeof FujaDaBolhaSideSchema>;

/**
 * Result of {@link blindspotFujaDaBolha}: the ignored side, or `null`.
 *
 * @example
 * BlindspotFujaDaBolhaResultSchema.parse(null);
 */
export const BlindspotFujaDaBolhaResultSchema = FujaDaBolhaSideSchema.nullable();

// ── BS-PR ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Input of {@link blindspotPrisma}.
 *
 * @example
 * BlindspotPrismaInputSchema.parse({ outlets: [], topic: null });
 */
export const BlindspotPrismaInputSchema = z.strictObject({
  outlets: z.array(StoryOutletSchema),
  topic: TopicSchema.nullable(),
});
/**
 * The type of {@link BlindspotPrismaInputSchema}.
 *
 * @example
 * const story: BlindspotPrismaInput = { outlets: [], topic: 'economy' };
 */
export type BlindspotPrismaInput = Omit<z.infer<typeof BlindspotPrismaInputSchema>, 'outlets'> & {
  outlets: StoryOutlet[];
};

/**
 * Result of {@link blindspotPrisma}: the blindspot buckets in the order left, center, right;
 * `[]` = not a blindspot.
 *
 * @example
 * BlindspotPrismaResultSchema.parse(['center', 'right']);
 */
export const BlindspotPrismaResultSchema = z.array(BucketSchema);

// ── DRIFT ──────────────────────────────────────────────────────────────────────────────────────

/**
 * A blindspot flag as stored or computed: a boolean (is a blindspot), a Fuja da Bolha side or
 * `null`, or a list of Prisma buckets (`[]` = none; no repeated bucket).
 *
 * @example
 * BlindspotFlagSchema.parse(['right']);
 */
export const BlindspotFlagSchema = z.union([
  z.boolean(),
  z.null(),
  FujaDaBolhaSideSchema,
  z.array(BucketSchema).refine((buckets) => new Set(buckets).size === buckets.length, {
    message: 'a bucket is listed twice',
  }),
]);
/**
 * The type of {@link BlindspotFlagSchema}.
 *
 * @example
 * const stored: BlindspotFlag = ['center', 'right'];
 */
export type BlindspotFlag = z.infer<typeof BlindspotFlagSchema>;

const NormalisedFlagSchema = z.object({
  isBlindspot: z.boolean(),
  /** The buckets flagged, in order left, center, right; `null` when the flag was a bare boolean. */
  buckets: z.array(BucketSchema).nullable(),
});

/**
 * Result of {@link blindspotDrift} when stored and computed flags disagree (rule DRIFT).
 *
 * @example
 * BlindspotDriftSchema.parse(blindspotDrift(false, ['left']));
 */
export const BlindspotDriftSchema = z.object({
  rule: z.literal('DRIFT'),
  /** `flag`: one says blindspot, the other not; `buckets`: both say blindspot, on different buckets. */
  kind: z.enum(['flag', 'buckets']),
  stored: NormalisedFlagSchema,
  computed: NormalisedFlagSchema,
  /** Buckets only the stored flag has (empty when unknown). */
  onlyStored: z.array(BucketSchema),
  /** Buckets only the computed flag has (empty when unknown). */
  onlyComputed: z.array(BucketSchema),
  /** One-line English message for the drift warning log. */
  message: z.string(),
});
/**
 * The type of {@link BlindspotDriftSchema}.
 *
 * @example
 * const drift: BlindspotDrift | null = blindspotDrift(stored, computed);
 */
export type BlindspotDrift = z.infer<typeof BlindspotDriftSchema>;

// ── SYN-1 ──────────────────────────────────────────────────────────────────────────────────────

/**
 * One clustered article offered to the synthesis (SYN-1).
 *
 * @example
 * SynthesisArticleSchema.parse({ id: 'a1', domain: 'elpais.com', text: '…', publishedAt: '2026-04-27T10:00:00Z' });
 */
export const SynthesisArticleSchema = z.strictObject({
  id: z.string().min(1),
  domain: DomainSchema,
  /** The article text; its length is measured in Unicode code points. */
  text: z.string(),
  publishedAt: IsoDateSchema,
});
/**
 * The type of {@link SynthesisArticleSchema}.
 *
 * @example
 * const article: SynthesisArticle = { id: 'a1', domain: 'clarin.com', text: '…', publishedAt: '2026-04-27' };
 */
export type SynthesisArticle = z.infer<typeof SynthesisArticleSchema>;

/**
 * Input of {@link pickArticlesForSynthesis}: the articles of one cluster (ids unique).
 *
 * @example
 * PickArticlesForSynthesisInputSchema.parse([]);
 */
export const PickArticlesForSynthesisInputSchema = z.array(SynthesisArticleSchema);

// ── SYN-3 ──────────────────────────────────────────────────────────────────────────────────────

/**
 * One synthesised sentence with the ids of the articles that back it (SYN-3).
 *
 * @example
 * SynthesisSentenceSchema.parse({ text: 'El Congreso aprobó la ley.', articleIds: ['a1'] });
 */
export const SynthesisSentenceSchema = z.strictObject({
  text: z.string(),
  articleIds: z.array(z.string()),
});
/**
 * The type of {@link SynthesisSentenceSchema}.
 *
 * @example
 * const sentence: SynthesisSentence = { text: 'Hubo acuerdo.', articleIds: ['a1', 'a2'] };
 */
export type SynthesisSentence = z.infer<typeof SynthesisSentenceSchema>;

/**
 * Input of {@link validateSentenceCitations}.
 *
 * @example
 * SentenceCitationInputSchema.parse({ sentences: [], clusterArticleIds: ['a1'] });
 */
export const SentenceCitationInputSchema = z.strictObject({
  sentences: z.array(SynthesisSentenceSchema),
  clusterArticleIds: z.array(z.string().min(1)),
});

/**
 * One problem found by {@link validateSentenceCitations}, tagged by kind.
 *
 * @example
 * CitationProblemSchema.parse({ kind: 'missing_citation', sentenceIndex: 2 });
 */
export const CitationProblemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('empty_sentence'), sentenceIndex: CountSchema }),
  z.object({ kind: z.literal('missing_citation'), sentenceIndex: CountSchema }),
  z.object({ kind: z.literal('unknown_article'), sentenceIndex: CountSchema, articleId: z.string() }),
]);
/**
 * The type of {@link CitationProblemSchema}.
 *
 * @example
 * const problem: CitationProblem = { kind: 'unknown_article', sentenceIndex: 3, articleId: 'zz' };
 */
export type CitationProblem = z.infer<typeof CitationProblemSchema>;

/**
 * Result of {@link validateSentenceCitations}.
 *
 * @example
 * SentenceCitationResultSchema.parse({ valid: true, problems: [] });
 */
export const SentenceCitationResultSchema = z.object({
  valid: z.boolean(),
  problems: z.array(CitationProblemSchema),
});
/**
 * The type of {@link SentenceCitationResultSchema}.
 *
 * @example
 * const { valid, problems }: SentenceCitationResult = validateSentenceCitations(sentences, ids);
 */
export type SentenceCitationResult = z.infer<typeof SentenceCitationResultSchema>;

// ── SYN-4 ──────────────────────────────────────────────────────────────────────────────────────

/**
 * One outlet of the roster for the attribution check (SYN-4). `commonPhrase` overrides the
 * built-in detection of names that are also ordinary words ("El País", "La Nación", "Marca").
 *
 * @example
 * AttributionRosterEntrySchema.parse({ name: 'El País', domain: 'elpais.com' });
 */
export const AttributionRosterEntrySchema = z.strictObject({
  name: z.string().min(1),
  domain: DomainSchema.optional(),
  aliases: z.array(z.string().min(1)).optional(),
  commonPhrase: z.boolean().optional(),
});
/**
 * The type of {@link AttributionRosterEntrySchema}.
 *
 * @example
 * const entry: AttributionRosterEntry = { name: 'La Nación', domain: 'lanacion.com.ar', aliases: ['LN'] };
 */
export type AttributionRosterEntry = z.infer<typeof AttributionRosterEntrySchema>;

/**
 * Input of {@link attributionCheck}.
 *
 * @example
 * AttributionCheckInputSchema.parse({ sentences: ['Hola.'], roster: [{ name: 'Infobae' }] });
 */
export const AttributionCheckInputSchema = z.strictObject({
  sentences: z.array(z.string()),
  roster: z.array(AttributionRosterEntrySchema),
});

/**
 * One outlet mention found inside a sentence (SYN-4).
 *
 * @example
 * AttributionHitSchema.parse({ sentenceIndex: 0, outlet: 'Infobae', domain: null, via: 'name', matchedText: 'Infobae', phrase: 'según Infobae', cue: 'según', start: 6, end: 13 });
 */
export const AttributionHitSchema = z.object({
  sentenceIndex: CountSchema,
  /** The roster name of the outlet. */
  outlet: z.string(),
  /** The roster domain of the outlet, if any. */
  domain: z.string().nullable(),
  /** What matched: the name, an alias or the domain. */
  via: z.enum(['name', 'alias', 'domain']),
  /** The mention exactly as written in the sentence. */
  matchedText: z.string(),
  /** The mention with its attribution cue ("según El País"), or the mention alone without a cue. */
  phrase: z.string(),
  /** The attribution cue as written ("según", "como informó", "de acuerdo con"), or `null`. */
  cue: z.string().nullable(),
  /** UTF-16 offsets of `matchedText` in the sentence (end exclusive). */
  start: CountSchema,
  end: CountSchema,
});
/**
 * The type of {@link AttributionHitSchema}.
 *
 * @example
 * const [first]: AttributionHit[] = attributionCheck(sentences, roster);
 */
export type AttributionHit = z.infer<typeof AttributionHitSchema>;

// ── SYN-5 ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Input of {@link retrySchedule}: the number of the attempt that just failed (1-based).
 *
 * @example
 * RetryAttemptSchema.parse(1);
 */
export const RetryAttemptSchema = z.number().int().min(1);

/**
 * Input of {@link nextRetry}.
 *
 * @example
 * NextRetryInputSchema.parse({ failedAttempts: 1, lastFailureAt: '2026-04-27T10:00:00Z' });
 */
export const NextRetryInputSchema = z.strictObject({
  failedAttempts: RetryAttemptSchema,
  lastFailureAt: IsoDateSchema,
});
/**
 * The type of {@link NextRetryInputSchema}.
 *
 * @example
 * const state: NextRetryInput = { failedAttempts: 2, lastFailureAt: '2026-04-27T10:00:00Z' };
 */
export type NextRetryInput = z.infer<typeof NextRetryInputSchema>;

/**
 * Result of {@link nextRetry} (SYN-5).
 *
 * @example
 * RetryDecisionSchema.parse({ action: 'discard', failedAttempts: 5 });
 */
export const RetryDecisionSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('retry'),
    /** When to retry, as an ISO date-time in UTC. */
    at: z.string(),
    /** Wait in milliseconds after the last failure. */
    delayMs: CountSchema,
    /** Number of the attempt that will run at `at`. */
    attempt: CountSchema,
  }),
  z.object({ action: z.literal('discard'), failedAttempts: CountSchema }),
]);
/**
 * The type of {@link RetryDecisionSchema}.
 *
 * @example
 * const decision: RetryDecision = nextRetry(state);
 */
export type RetryDecision = z.infer<typeof RetryDecisionSchema>;

// ── TOP-1 ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Input of {@link topicOrNull}: the label a classifier returned, or `null`.
 *
 * @example
 * TopicLabelSchema.parse('economy');
 */
export const TopicLabelSchema = z.string().nullable();
