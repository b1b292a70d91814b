/**
 * What the site shows, as plain data. These shapes mirror what the pipeline stores
 * (`@espectro/synthesis`'s assembled story, `@espectro/factcheck`'s checks, the methodology's
 * rating results), reduced to the fields the pages read. Every number in them was computed by
 * `@espectro/methodology`; the site renders, it does not decide.
 */
import type { SiteChileData } from './chile.js';
import type {
  AcademicSignal,
  Bucket,
  ContentSignal,
  CoverageResult,
  EditorialScope,
  Factuality,
  OutletOwnership,
  OwnerType,
  OwnershipHistoryEntry,
  PublishGuardResult,
  RatingChangeRecord,
  RatingConfidence,
  StoryTier,
  Topic,
  VerdictHistoryEntry,
  Verdict,
  CheckStatus,
} from '@espectro/methodology';

/** UI locales: Spanish by default, Brazilian Portuguese for the Brazilian pages. */
export type Locale = 'es' | 'pt-BR';

/** Where the data came from, shown in the footer. */
export interface SiteDataSource {
  kind: 'snapshot' | 'store';
  /** Human description, e.g. the snapshot file or the database. */
  description: string;
  /** ISO instant the data was produced. */
  generatedAt: string;
  /** True when the data are fixtures, not real news (the footer and every story say so). */
  fixture: boolean;
  /**
   * True when outlet ratings rest on evidence marked `illustrative` in the roster (the demo):
   * the headlines are real, the rating evidence is not. Absent in older snapshots (read as false).
   */
  illustrativeRatings?: boolean;
  /**
   * True when the stories come from `espectro serve --replay-demo`: real articles of the demo
   * corpus with their real publication dates, replayed on a clock that starts just after the
   * corpus's newest article — so `generatedAt` (the site's "now") is that clock's instant. Every
   * page says so. Absent in older snapshots (read as false).
   */
  replayedDemo?: boolean;
}

/** An outlet's current rating as the methodology produced it (rules FUN-*, CONF-*, FAC-*, VER, PRELIM). */
export interface OutletRating {
  bias: Bucket | null;
  /** `null` only for a preliminary outlet that has not been through the funnel. */
  factuality: Factuality | null;
  confidence: RatingConfidence;
  appliedRule: 'R1' | 'R2' | 'R3' | 'R4' | null;
  dissent: { signal: 'ownership' | 'academic' | 'content'; bucket: Bucket }[];
  flags: string[];
  trace: string[];
  methodologyVersion: string;
  /** ISO date of the rating. */
  ratedAt: string;
}

/** One outlet of the roster with its full evidence record. */
export interface SiteOutlet {
  domain: string;
  name: string;
  /** ISO 3166 alpha-2 code, e.g. `CL`, `BR`. */
  country: string | null;
  /** `null` for a domain not yet in the roster (PRELIM). */
  scope: EditorialScope | null;
  rating: OutletRating;
  /** Factuality score 0–100 (BS-BR-5), `null` when unknown. */
  factualityScore: number | null;
  ownerType: OwnerType | null;
  /** The evidence the rating was computed from (FUN-*), or `null` for a preliminary outlet. */
  evidence: { asOf: string; ownership?: OutletOwnership; academic?: AcademicSignal; content?: ContentSignal } | null;
  /**
   * The `ownership_history` of the rating's evidence (seed 002 §2), oldest first: what the current
   * rating read. Absent in older snapshots and in the fixtures (read as none).
   */
  ownershipHistory?: OwnershipHistoryEntry[];
  /** PRELIM: set while the outlet waits for the funnel. */
  preliminary: { reason: string; addedAt: string } | null;
  /** Every rating change with its cause (CON-4), oldest first. */
  history: RatingChangeRecord[];
  /**
   * True when the rating rests on evidence marked illustrative (the demo roster, the fixtures):
   * invented signals, not a rating of that outlet. Every row that shows the rating says so.
   */
  illustrative?: boolean;
}

/** One article behind a story. */
export interface SiteArticle {
  id: string;
  domain: string;
  title: string;
  url: string;
  publishedAt: string;
}

/** One synthesised sentence with the articles that back it (SYN-3). */
export interface SiteSentence {
  text: string;
  articleIds: string[];
  discrepancy: boolean;
}

/** A covering outlet (unique domain) of a story, as rated when the story was assembled. */
export interface SiteStoryOutlet {
  domain: string;
  name: string | null;
  scope: EditorialScope | null;
  bias: Bucket | null;
  factuality: Factuality | null;
  factualityScore: number | null;
  ownerType: OwnerType | null;
}

/** Who wrote the story and with what (AUDIT, COST, VER). */
export interface SiteStoryAudit {
  backend: 'llm' | 'extractive (offline)' | null;
  provider: string | null;
  model: string | null;
  promptId: string | null;
  promptVersion: string | null;
  /** Extractive method version (offline backend). */
  method: string | null;
  costUsd: number;
  methodologyVersion: string;
}

/**
 * A story's cover image as the feed gave it (hot-linked, never copied). A story without one has
 * `image: null`: the pages draw a neutral placeholder, which is presentation only — it is never
 * stored as an image and so never counts as one for the publish guard (PG `no_image`).
 */
export interface SiteImage {
  url: string;
  /** The feed's description of the image, `null` when the feed gave none (the page then uses `alt=""`). */
  alt: string | null;
  /** The outlet the image came from, when known. */
  credit: string | null;
}

/** What a story list shows. */
export interface SiteStorySummary {
  id: string;
  title: string;
  /** Language of the title and text (`es`, `pt`). */
  language: string;
  country: string | null;
  topic: Topic | null;
  tier: StoryTier;
  publishedAt: string;
  /** COV-1/COV-2 over every covering domain. */
  coverage: CoverageResult;
  /** Covering outlets (unique domains), as rated when the story was assembled. */
  outlets: SiteStoryOutlet[];
  /** The outlet domain of every article, one entry per article (Fuja da Bolha counts articles). */
  articleDomains: string[];
  /** The blindspot flags stored by the pipeline (pages recompute and compare them, DRIFT). */
  storedBlindspots: { prisma: Bucket[]; fujaDaBolha: 'left' | 'right' | null };
  /** True for generated fixtures (shown as such). */
  fixture: boolean;
  /** Cover image, `null` when the feed gave none (absent in older snapshots: read as `null`). */
  image: SiteImage | null;
  /** Publication instant of its first and latest article (`null` when it has none): the news' own dates. */
  firstArticleAt: string | null;
  latestArticleAt: string | null;
}

/** A story page. */
export interface SiteStory extends SiteStorySummary {
  summary: string | null;
  sentences: SiteSentence[];
  articles: SiteArticle[];
  publishGuard: PublishGuardResult;
  ownershipMix: { total: number; counts: Record<OwnerType, number>; percent: Record<OwnerType, number> };
  audit: SiteStoryAudit;
}

/** The publish guard's reason codes (PG), as the methodology names them. */
export type GuardReason = PublishGuardResult['reasons'][number];

/**
 * A story the publish guard held back (PG): what a list shows, plus the guard's reasons in the
 * order the guard returned them. `tier` is `null` when the story has too few rated outlets for one.
 */
export interface SiteHeldStory extends Omit<SiteStorySummary, 'tier'> {
  tier: StoryTier | null;
  /** Reason codes of the latest guard decision, as stored (not recomputed, not reordered). */
  guardReasons: GuardReason[];
  /** ISO instant of that decision. */
  decidedAt: string;
}

/**
 * A held story's review page (`/retenidas/[id]`): everything the story page shows — sentences with
 * their sources, articles, provenance, the full guard result — plus the held-list fields. Never
 * shown in the published listings, feeds or open data.
 */
export interface SiteHeldStoryDetail extends SiteHeldStory {
  summary: string | null;
  /** Empty when the synthesis returned nothing (guard reason `no_synthesis`). */
  sentences: SiteSentence[];
  articles: SiteArticle[];
  publishGuard: PublishGuardResult;
  ownershipMix: SiteStory['ownershipMix'];
  audit: SiteStoryAudit;
}

/** One piece of evidence a check cites. */
export interface SiteEvidence {
  url: string;
  title: string | null;
  publishedAt: string | null;
}

/** One fact-check of a debate (seed 001). */
export interface SiteCheck {
  id: string;
  candidate: string;
  spokenAt: string;
  /** The phrase as said. */
  phrase: string;
  /** The specific datum checked (DEB-2). */
  datum: string;
  verdict: Verdict;
  status: CheckStatus;
  /** The judge's reason, `null` when there is none. */
  reason: string | null;
  /** Valid citations (DEB-5), normalised. */
  citations: string[];
  evidence: SiteEvidence[];
  /** REP-1: "já checado em" — the earlier debate's name and, when known, the earlier check's id. */
  repeatOf: { debate: string; label: string; checkId?: string } | null;
  /** REV-D: append-only verdict history. */
  history: VerdictHistoryEntry[];
}

/** A debate with its checks. */
export interface SiteDebate {
  id: string;
  name: string;
  startedAt: string;
  url: string | null;
  candidates: { name: string; party: string | null }[];
  checks: SiteCheck[];
  fixture: boolean;
}

/**
 * Everything the pages read. Two implementations: {@link createSnapshotSiteData} over a JSON
 * snapshot, and the store adapter over `@espectro/store`'s repository.
 */
export interface SiteData {
  readonly source: SiteDataSource;
  /** Published stories (main and limited tiers), newest first. */
  listStories(): Promise<SiteStorySummary[]>;
  getStory(id: string): Promise<SiteStory | undefined>;
  /** Stories the publish guard held back (PG), with its reasons, newest decision first. */
  listHeldStories(): Promise<SiteHeldStory[]>;
  /**
   * A held story with its sentences, sources and guard record, for its review page; `undefined`
   * for a published or unknown id (and for held entries of older snapshots written without them).
   */
  getHeldStory(id: string): Promise<SiteHeldStoryDetail | undefined>;
  /** The roster, ordered by name. */
  listOutlets(): Promise<SiteOutlet[]>;
  getOutlet(domain: string): Promise<SiteOutlet | undefined>;
  /** Debates, newest first. */
  listDebates(): Promise<SiteDebate[]>;
  /** The Chilean section (seed 004): classified headlines of the five monitored outlets. */
  readonly chile: SiteChileData;
}
