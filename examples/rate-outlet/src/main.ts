/**
 * A newsroom's first contact with @espectro/methodology: rate an outlet from its evidence,
 * then ask whether a story would be published and whether it is a blindspot.
 * Run: pnpm --filter @example/rate-outlet start
 */
import { blindspotPrisma, coverage, publishGuard, rateOutlet, storyTier } from '@espectro/methodology';

const rating = rateOutlet({
  asOf: '2026-04-27',
  scope: 'political',
  ownership: { ownerType: 'corporate-conglomerate', countryRegime: 'democracy' },
  academic: {
    bucket: 'right',
    factuality: 'high',
    sources: [{ date: '2025-09-01', weight: 'primary', domestic: true }],
  },
  content: { sampleSize: 24, bucket: 'right', factuality: 'high' },
});
console.log(`bias=${rating.bias} factuality=${rating.factuality} confidence=${rating.confidence}`);
console.log(`rules that fired: ${rating.trace.join(' → ')}`);

const outlets = [
  {
    domain: 'expansion.mx',
    scope: 'political' as const,
    bias: rating.bias,
    factuality: rating.factuality,
    contributedText: true,
  },
  {
    domain: 'elpais.com',
    scope: 'political' as const,
    bias: 'left' as const,
    factuality: 'high' as const,
    contributedText: true,
  },
  {
    domain: 'rtve.es',
    scope: 'political' as const,
    bias: 'center' as const,
    factuality: 'very-high' as const,
    contributedText: false,
  },
  {
    domain: 'marca.com',
    scope: 'non_political' as const,
    bias: null,
    factuality: 'mixed' as const,
    contributedText: false,
  },
];
const storyCoverage = coverage(outlets);
const ratedDomains =
  storyCoverage.nonPolitical + storyCoverage.counts.left + storyCoverage.counts.center + storyCoverage.counts.right;
const tier = storyTier(ratedDomains);
console.log(`coverage: ${JSON.stringify(storyCoverage.percent)}; tier: ${tier ?? 'not synthesised'}`);
if (tier) {
  const guard = publishGuard({
    rawOutlets: outlets.length,
    sentences: 9,
    tier,
    hasImage: true,
    outlets,
    lowValue: false,
    countryStoriesLast24h: 2,
  });
  console.log(guard.publish ? 'publish' : `held: ${guard.reasons.join(', ')}`);
}
console.log(`Prisma blindspot: ${JSON.stringify(blindspotPrisma({ outlets, topic: 'economy' }))}`);
