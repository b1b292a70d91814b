/**
 * schema.org `ClaimReview` for every published check (seed 001 "Dados abertos"), as JSON-LD.
 * Fields follow https://schema.org/ClaimReview: `claimReviewed`, `reviewRating` (a `Rating` with
 * `ratingValue` 1–3 from worst to best and the verdict as `alternateName`; "Sem dados" has no
 * value), `itemReviewed` (the `Claim`, its speaker as `author`, the debate as `appearance`),
 * `author`, `datePublished` and `url`.
 */
import type { Verdict } from '@espectro/methodology';
import { VERDICT_LABELS } from '../i18n.js';
import type { SiteCheck, SiteDebate } from './types.js';

/** A schema.org ClaimReview. */
export interface ClaimReview {
  '@context': 'https://schema.org';
  '@type': 'ClaimReview';
  url: string;
  claimReviewed: string;
  datePublished: string;
  inLanguage: string;
  author: { '@type': 'Organization'; name: string; url: string };
  reviewRating: {
    '@type': 'Rating';
    alternateName: string;
    ratingValue?: number;
    bestRating?: number;
    worstRating?: number;
  };
  itemReviewed: {
    '@type': 'Claim';
    author: { '@type': 'Person'; name: string };
    datePublished: string;
    appearance?: { '@type': 'CreativeWork'; url: string; name: string };
  };
}

const RATING_VALUES: Partial<Record<Verdict, number>> = { false: 1, imprecise: 2, true: 3 };

/** The anchor of a check's card on `/placar`. */
export function checkAnchor(check: Pick<SiteCheck, 'id'>): string {
  return `checagem-${check.id.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

/** ClaimReviews of a debate's published checks. */
export function claimReviews(debate: SiteDebate, siteUrl: string, organisation = 'Espectro'): ClaimReview[] {
  const base = siteUrl.replace(/\/+$/, '');
  return debate.checks
    .filter((check) => check.status === 'published')
    .map((check) => {
      const value = RATING_VALUES[check.verdict];
      const published = check.history[check.history.length - 1]?.at ?? check.spokenAt;
      return {
        '@context': 'https://schema.org',
        '@type': 'ClaimReview',
        url: `${base}/placar#${checkAnchor(check)}`,
        claimReviewed: check.phrase,
        datePublished: published.slice(0, 10),
        inLanguage: 'pt-BR',
        author: { '@type': 'Organization', name: organisation, url: base },
        reviewRating: {
          '@type': 'Rating',
          alternateName: VERDICT_LABELS[check.verdict]['pt-BR'],
          ...(value !== undefined ? { ratingValue: value, bestRating: 3, worstRating: 1 } : {}),
        },
        itemReviewed: {
          '@type': 'Claim',
          author: { '@type': 'Person', name: check.candidate },
          datePublished: check.spokenAt.slice(0, 10),
          ...(debate.url !== null
            ? { appearance: { '@type': 'CreativeWork' as const, url: debate.url, name: debate.name } }
            : {}),
        },
      };
    });
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
