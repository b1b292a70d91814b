/**
 * The open-data downloads of `/datos`: stories, outlets and debate checks as JSON and CSV, with the
 * numbers exactly as the methodology produced them.
 */
import type { OwnershipHistoryEntry } from '@espectro/methodology';
import { toCsv } from './csv.js';
import type { SiteDebate, SiteOutlet, SiteStorySummary } from './types.js';
import { prismaView } from './views.js';

/** A story row of `historias.json`. */
export function storyRecord(story: SiteStorySummary, siteUrl: string) {
  return {
    id: story.id,
    url: `${siteUrl.replace(/\/+$/, '')}/historia/${story.id}`,
    title: story.title,
    language: story.language,
    country: story.country,
    topic: story.topic,
    tier: story.tier,
    publishedAt: story.publishedAt,
    coverage: story.coverage,
    outlets: story.outlets.map((outlet) => outlet.domain),
    blindspotPrisma: prismaView(story).explanation.result,
    fixture: story.fixture,
  };
}

/** `historias.csv`. */
export function storiesCsv(stories: readonly SiteStorySummary[], siteUrl: string): string {
  return toCsv(
    [
      'id',
      'url',
      'title',
      'country',
      'topic',
      'tier',
      'published_at',
      'outlets_total',
      'political',
      'non_political',
      'left',
      'center',
      'right',
      'percent_left',
      'percent_center',
      'percent_right',
      'blindspot_prisma',
      'fixture',
    ],
    stories.map((story) => {
      const record = storyRecord(story, siteUrl);
      const { coverage } = story;
      return [
        record.id,
        record.url,
        record.title,
        record.country,
        record.topic,
        record.tier,
        record.publishedAt,
        coverage.total,
        coverage.political,
        coverage.nonPolitical,
        coverage.counts.left,
        coverage.counts.center,
        coverage.counts.right,
        coverage.percent.left,
        coverage.percent.center,
        coverage.percent.right,
        record.blindspotPrisma.join(' '),
        record.fixture,
      ];
    }),
  );
}

/**
 * An outlet as the open-data API gives it (`/datos/fuentes.json`, `OutletRecordSchema`): the site's
 * outlet with its `ownershipHistory` always present (an older snapshot has none: an empty list).
 *
 * @example
 * outletRecord(outlet).ownershipHistory; // [{ date: '2017', event: 'adquirido por Grupo Salinas' }]
 */
export function outletRecord(outlet: SiteOutlet): SiteOutlet & { ownershipHistory: OwnershipHistoryEntry[] } {
  return { ...outlet, ownershipHistory: outlet.ownershipHistory ?? [] };
}

/** `fuentes.csv`. */
export function outletsCsv(outlets: readonly SiteOutlet[]): string {
  return toCsv(
    [
      'domain',
      'name',
      'country',
      'scope',
      'bias',
      'factuality',
      'confidence',
      'factuality_score',
      'owner_type',
      'applied_rule',
      'flags',
      'trace',
      'rated_at',
      'methodology_version',
      'illustrative',
    ],
    outlets.map((outlet) => [
      outlet.domain,
      outlet.name,
      outlet.country,
      outlet.scope,
      outlet.rating.bias,
      outlet.rating.factuality,
      outlet.rating.confidence,
      outlet.factualityScore,
      outlet.ownerType,
      outlet.rating.appliedRule,
      outlet.rating.flags.join(' '),
      outlet.rating.trace.join(' '),
      outlet.rating.ratedAt,
      outlet.rating.methodologyVersion,
      outlet.illustrative === true,
    ]),
  );
}

/** `checagens.json` rows: every check of every debate. */
export function checkRecords(debates: readonly SiteDebate[]) {
  return debates.flatMap((debate) =>
    debate.checks.map((check) => ({ debateId: debate.id, debate: debate.name, fixture: debate.fixture, ...check })),
  );
}

/** `checagens.csv`. */
export function checksCsv(debates: readonly SiteDebate[]): string {
  return toCsv(
    [
      'debate_id',
      'debate',
      'check_id',
      'candidate',
      'spoken_at',
      'phrase',
      'datum',
      'verdict',
      'status',
      'reason',
      'sources',
      'already_checked_in',
      'revisions',
      'fixture',
    ],
    checkRecords(debates).map((check) => [
      check.debateId,
      check.debate,
      check.id,
      check.candidate,
      check.spokenAt,
      check.phrase,
      check.datum,
      check.verdict,
      check.status,
      check.reason,
      check.citations.join(' '),
      check.repeatOf?.debate ?? null,
      check.history.length - 1,
      check.fixture,
    ]),
  );
}
