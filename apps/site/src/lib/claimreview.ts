/**
 * The site's ClaimReviews, built by `@espectro/factcheck`'s one builder (Google Search Central's
 * fact-check structured data + schema.org): the site only maps its check shape to the builder's
 * subject. One ClaimReview per check page (`/placar/<debate>/checagens/<slug>`), all of them in
 * `/datos/claimreview.json`.
 */
import { claimReview, type ClaimReview, type ClaimReviewSubject } from '@espectro/factcheck';
import type { SiteCheck, SiteDebate } from './types.js';

export type { ClaimReview } from '@espectro/factcheck';

/** The publishing organisation named in every ClaimReview. */
export const CLAIM_REVIEW_PUBLISHER = 'Espectro';

/** The builder's subject for a site check (its current, revised state). */
export function claimReviewSubject(debate: SiteDebate, check: SiteCheck): ClaimReviewSubject {
  const first = check.history[0];
  const latest = check.history[check.history.length - 1];
  return {
    checkId: check.id,
    debateId: debate.id,
    debateName: debate.name,
    debateUrl: debate.url,
    candidate: check.candidate,
    spokenAt: check.spokenAt,
    claimText: check.phrase,
    verdict: check.verdict,
    status: check.status,
    firstPublishedAt: first?.at ?? check.spokenAt,
    modifiedAt: latest?.at ?? check.spokenAt,
    language: 'pt-BR',
  };
}

/** The ClaimReview of one check, `null` when it is not published. */
export function claimReviewOf(debate: SiteDebate, check: SiteCheck, siteUrl: string): ClaimReview | null {
  return claimReview(claimReviewSubject(debate, check), { siteUrl, publisherName: CLAIM_REVIEW_PUBLISHER });
}

/** ClaimReviews of a debate's published checks (for `/datos/claimreview.json`). */
export function claimReviews(debate: SiteDebate, siteUrl: string): ClaimReview[] {
  return debate.checks
    .map((check) => claimReviewOf(debate, check, siteUrl))
    .filter((review): review is ClaimReview => review !== null);
}

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>`, `&` and the line separators
 * are escaped, so no text inside (a candidate's phrase, say) can close the element.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
