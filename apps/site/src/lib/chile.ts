/**
 * The Chilean section's data (seed 004, "Cómo clasificamos las noticias"), hooked into
 * {@link SiteData} as `chile`:
 *
 * - the latest classified headlines of the five monitored outlets — from the store
 *   (`store.chileHeadlines`) or a snapshot; with the built-in fixtures, real headlines of the
 *   bundled golden set classified by the offline baseline, labelled as examples;
 * - the validation page's figures, computed from `@espectro/headline-classifier`'s committed,
 *   frozen artifacts ({@link chileValidation}: re-verified, every figure with its n and interval).
 *
 * Links from a headline to a bill page are only by a boletín number written in it (LINK-1), never
 * by its class. Texts are es-CL.
 */
import { createRequire } from 'node:module';
import type { StoredClassifiedHeadline } from '@espectro/store';
import { dirname, join } from 'node:path';
import {
  BASELINE_RULES_ARTIFACT,
  MONITORED_OUTLETS,
  createRulesBaseline,
  loadGoldenSet,
  loadValidation,
  validationSummary,
  type GoldenCase,
  type ValidationSummary,
} from '@espectro/headline-classifier';
import {
  HEADLINE_TAXONOMY,
  HeadlineClassSchema,
  billPageUrl,
  type Figure,
  type HeadlineClass,
} from '@espectro/methodology';

/** The six classes in HC-1 precedence order. */
export const CHILE_CLASSES: readonly HeadlineClass[] = HEADLINE_TAXONOMY.map((entry) => entry.id);

/** es-CL label of each class (seed 004's names). */
export const CHILE_CLASS_LABELS: Record<HeadlineClass, string> = Object.fromEntries(
  HEADLINE_TAXONOMY.map((entry) => [entry.id, entry.label.es]),
) as Record<HeadlineClass, string>;

/** es-CL definition of each class (seed 004 "La taxonomía"). */
export const CHILE_CLASS_DEFINITIONS: Record<HeadlineClass, string> = Object.fromEntries(
  HEADLINE_TAXONOMY.map((entry) => [entry.id, entry.definition.es]),
) as Record<HeadlineClass, string>;

/** URL slug of each class (`/chile/clase/<slug>`). */
export const CHILE_CLASS_SLUGS: Record<HeadlineClass, string> = {
  legislative_process: 'tramitacion-legislativa',
  parliamentary_activity: 'actividad-parlamentaria',
  law_in_force: 'ley-vigente',
  non_legislative_politics: 'politica-no-legislativa',
  non_legislative: 'no-legislativa',
  ambiguous: 'ambiguo',
};

/** The class a slug names, or `undefined` (a served page answers 404). */
export function chileClassOfSlug(slug: string): HeadlineClass | undefined {
  return CHILE_CLASSES.find((label) => CHILE_CLASS_SLUGS[label] === slug);
}

/** One classified headline as the Chilean pages show it: title and bajada only (HC-2). */
export interface SiteChileHeadline {
  id: string;
  /** Outlet id or domain as stored. */
  outlet: string;
  /** Outlet name to show. */
  outletName: string;
  url: string;
  /** ISO instant or date of publication; `null` when unknown. */
  publishedAt: string | null;
  /** The publication date as the source gives it (`2025-07`, `2025`) when it is partial. */
  publishedText?: string;
  title: string;
  description: string | null;
  /** HC-1 class; `null` when an LLM answer was rejected. */
  class: HeadlineClass | null;
  backend: string;
  evidence: string | null;
  evidenceField: 'title' | 'description' | null;
  /** LINK-1: boletín numbers written in the text. */
  boletines: string[];
  classifiedAt: string;
}

/** Where the Chilean headlines come from. */
export type ChileHeadlineOrigin = 'monitor' | 'golden-examples';

/** The Chilean section of {@link SiteData}. */
export interface SiteChileData {
  origin: ChileHeadlineOrigin;
  /** Newest publication first, optionally of one class. */
  listHeadlines(filter?: { class?: HeadlineClass }): Promise<SiteChileHeadline[]>;
  /** Headlines per class (every class, zero included) and in total. */
  counts(): Promise<{ total: number; byClass: Record<HeadlineClass, number> }>;
}

/** A boletín and its bill's public page (LINK-1). */
export function boletinLinks(headline: Pick<SiteChileHeadline, 'boletines'>): { boletin: string; url: string }[] {
  return headline.boletines.map((boletin) => ({ boletin, url: billPageUrl(boletin) }));
}

function outletDisplayName(outlet: string): string {
  const known = MONITORED_OUTLETS.find((entry) => entry.id === outlet || entry.domain === outlet);
  return known?.name ?? outlet;
}

function sortKey(headline: SiteChileHeadline): number {
  const time = Date.parse(headline.publishedAt ?? '');
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * The Chilean section over headlines held in memory, or loaded on first use.
 *
 * @example
 * const chile = createChileData(snapshot.chileHeadlines ?? [], 'monitor');
 * await chile.listHeadlines({ class: 'legislative_process' });
 */
export function createChileData(
  headlines: readonly SiteChileHeadline[] | (() => Promise<readonly SiteChileHeadline[]>),
  origin: ChileHeadlineOrigin,
): SiteChileData {
  let loaded: Promise<{ ordered: SiteChileHeadline[]; byClass: Record<HeadlineClass, number> }> | undefined;
  const load = () =>
    (loaded ??= (async () => {
      const rows = typeof headlines === 'function' ? await headlines() : headlines;
      const ordered = rows
        .map((headline, index) => ({ headline, index }))
        .sort((left, right) => sortKey(right.headline) - sortKey(left.headline) || left.index - right.index)
        .map((entry) => entry.headline);
      const byClass = Object.fromEntries(CHILE_CLASSES.map((label) => [label, 0])) as Record<HeadlineClass, number>;
      for (const headline of ordered) if (headline.class !== null) byClass[headline.class] += 1;
      return { ordered, byClass };
    })());
  return {
    origin,
    listHeadlines: async (filter = {}) => {
      const { ordered } = await load();
      return filter.class === undefined ? ordered : ordered.filter((headline) => headline.class === filter.class);
    },
    counts: async () => {
      const { ordered, byClass } = await load();
      return { total: ordered.length, byClass };
    },
  };
}

/**
 * The Chilean section of a snapshot: its stored headlines; a fixture snapshot without any shows
 * the golden-set examples ({@link goldenExampleHeadlines}), a real one without any shows none.
 */
export function chileDataOfSnapshot(snapshot: {
  source: { fixture: boolean };
  chileHeadlines?: SiteChileHeadline[];
}): SiteChileData {
  if (snapshot.chileHeadlines === undefined && snapshot.source.fixture) {
    return createChileData(goldenExampleHeadlines, 'golden-examples');
  }
  return createChileData(snapshot.chileHeadlines ?? [], 'monitor');
}

/** A stored classified headline (`store.chileHeadlines.list`) as the pages show it. */
export function siteChileHeadlineOf(row: StoredClassifiedHeadline): SiteChileHeadline {
  return {
    id: row.id,
    outlet: row.outlet,
    outletName: outletDisplayName(row.outlet),
    url: row.url,
    publishedAt: row.publishedAt,
    title: row.title,
    description: row.description,
    class: row.class === null ? null : HeadlineClassSchema.parse(row.class),
    backend: row.backend,
    evidence: row.evidence,
    evidenceField: row.evidenceField,
    boletines: [...row.boletines],
    classifiedAt: row.classifiedAt,
  };
}

const MONITORED_NAMES = MONITORED_OUTLETS.map((outlet) => outlet.name.toLowerCase());

/** True when a golden case's text comes from one of the five monitored outlets. */
function fromMonitoredOutlet(goldenCase: GoldenCase): boolean {
  const outlet = goldenCase.outlet.toLowerCase();
  return MONITORED_NAMES.some((name) => outlet.includes(name));
}

function packageDirectory(): string {
  return dirname(createRequire(import.meta.url).resolve('@espectro/headline-classifier/package.json'));
}

/** The bundled golden-set folders, resolved where Node finds the package (also from a server bundle). */
function bundledDirectories() {
  const root = packageDirectory();
  return {
    development: join(root, 'data', 'golden', 'development'),
    evaluation: join(root, 'data', 'golden', 'evaluation'),
    validation: join(root, 'data', 'validation'),
  };
}

/**
 * Real headlines of the bundled golden set whose text comes from a monitored outlet, classified by
 * the offline baseline — what the fixture site shows under `/chile`, labelled as examples (they
 * are not the live monitor). Dates are the sources' (often partial).
 */
export async function goldenExampleHeadlines(): Promise<SiteChileHeadline[]> {
  const directories = bundledDirectories();
  const cases = [
    ...(await loadGoldenSet(directories.development)).cases,
    ...(await loadGoldenSet(directories.evaluation)).cases,
  ].filter(fromMonitoredOutlet);
  const classifications = await createRulesBaseline().classify(cases);
  return cases.map((goldenCase, index) => {
    const classification = classifications[index]!;
    const published = goldenCase.published ?? null;
    const full = published !== null && /^\d{4}-\d{2}-\d{2}$/.test(published);
    return {
      id: goldenCase.id,
      outlet: goldenCase.outlet,
      outletName: goldenCase.outlet,
      url: goldenCase.url,
      publishedAt:
        published === null
          ? null
          : full
            ? published
            : published.length === 4
              ? `${published}-01-01`
              : `${published}-01`,
      ...(published !== null && !full ? { publishedText: published } : {}),
      title: goldenCase.title,
      description: goldenCase.description,
      class: classification.class,
      backend: classification.backend,
      evidence: classification.evidence,
      evidenceField: classification.evidenceField,
      boletines: [],
      // Classified by the frozen rules: their freeze instant, so every build shows the same page.
      classifiedAt: BASELINE_RULES_ARTIFACT.frozenAt,
    };
  });
}

let validation: Promise<ValidationSummary> | undefined;

/**
 * The validation page's figures, from the committed out-of-sample validation (re-verified:
 * `loadValidation` rejects an edited artifact) and the development part; computed once per process.
 */
export function chileValidation(): Promise<ValidationSummary> {
  validation ??= (async () => {
    const directories = bundledDirectories();
    const bundle = await loadValidation(directories.validation, directories.evaluation);
    return validationSummary(bundle, await loadGoldenSet(directories.development));
  })();
  return validation;
}

const percentFormat = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const coefficientFormat = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A no-break space: a number and its unit never wrap apart. */
const NBSP = '\u00a0';

/** `79,2 %` (with a no-break space). */
export function percentText(value: number): string {
  return `${percentFormat.format(value * 100)}${NBSP}%`;
}

/**
 * A figure with its n and interval (AGR-5), es-CL: `79,2 % (IC 95 %: 67,0 %–90,0 %; n = 66)` or,
 * for a coefficient, `0,95 (IC 95 %: 0,89–1,00; n = 61)`.
 */
export function figureText(figure: Figure, as: 'percent' | 'coefficient' = 'percent'): string {
  const format = as === 'percent' ? percentText : (value: number) => coefficientFormat.format(value);
  const level = Math.round(figure.level * 100);
  return `${format(figure.value)} (IC${NBSP}${level}${NBSP}%: ${format(figure.interval[0])}–${format(figure.interval[1])}; n${NBSP}=${NBSP}${figure.n})`;
}

/**
 * Where a figure's confidence interval lies against a pre-registered minimum: wholly at or above it,
 * wholly below it, or across it (the sample cannot tell the two apart). The validation page words its
 * verdict from this, so the sentence follows the committed run instead of being written once by hand.
 */
export function intervalAgainst(figure: Pick<Figure, 'interval'>, minimum: number): 'above' | 'below' | 'across' {
  const [low, high] = figure.interval;
  if (low >= minimum) return 'above';
  if (high < minimum) return 'below';
  return 'across';
}

/** `2026-12-01T23:21:47Z` → `1 de diciembre de 2026, 23:21 UTC`. */
export function instantText(instant: string): string {
  const date = new Date(instant);
  const day = new Intl.DateTimeFormat('es-CL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
  const time = new Intl.DateTimeFormat('es-CL', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  }).format(date);
  return `${day}, ${time} UTC`;
}

/** The publication date of a headline as shown: the source's partial date, a day, or "sin fecha". */
export function publishedText(headline: Pick<SiteChileHeadline, 'publishedAt' | 'publishedText'>): string {
  if (headline.publishedText !== undefined) return headline.publishedText;
  if (headline.publishedAt === null) return 'sin fecha';
  const time = Date.parse(headline.publishedAt);
  if (Number.isNaN(time)) return 'sin fecha';
  return new Intl.DateTimeFormat('es-CL', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'America/Santiago',
  }).format(new Date(time));
}
