/**
 * The latest verification of each outlet's rating (`espectro outlets verify`, or the worker's
 * verification job): when, the verdict, and the mismatches — what the outlet page shows under
 * "last verified".
 */
import type { OutletVerification } from '@espectro/rating';
import { inArray, sql } from 'drizzle-orm';
import type { StoreExecutor } from './database.js';
import { ratingVerifications } from './schema-rating.js';

/** One stored verdict. */
export interface StoredVerification {
  domain: string;
  verifiedAt: string;
  result: OutletVerification['result'];
  mismatches: { field: string; message: string }[];
  methodologyVersion: string;
}

/**
 * Replaces the stored verdict of every outlet in `outlets` (unknown domains are skipped: a
 * verification never creates an outlet).
 *
 * @example
 * await recordVerifications(tx, verifyRatings(await ratings.list()).outlets, new Date().toISOString());
 */
export async function recordVerifications(
  executor: StoreExecutor,
  outlets: readonly OutletVerification[],
  verifiedAt: string,
): Promise<void> {
  const at = new Date(verifiedAt);
  for (const outlet of outlets) {
    await executor.execute(sql`
      INSERT INTO rating_verifications (domain, verified_at, result, mismatches, methodology_version)
      SELECT ${outlet.domain}, ${at.toISOString()}::timestamptz, ${outlet.result},
             ${JSON.stringify(outlet.mismatches.map((mismatch) => ({ field: mismatch.field, message: mismatch.message })))}::jsonb,
             ${outlet.methodologyVersion}
      WHERE EXISTS (SELECT 1 FROM sources WHERE domain = ${outlet.domain})
      ON CONFLICT (domain) DO UPDATE SET verified_at = EXCLUDED.verified_at, result = EXCLUDED.result,
        mismatches = EXCLUDED.mismatches, methodology_version = EXCLUDED.methodology_version`);
  }
}

/**
 * The latest verdicts (of `domains`, or all), by domain.
 *
 * @example
 * (await latestVerifications(db, ['elpais.com'])).get('elpais.com')?.result; // 'verified'
 */
export async function latestVerifications(
  executor: StoreExecutor,
  domains?: readonly string[],
): Promise<Map<string, StoredVerification>> {
  if (domains !== undefined && domains.length === 0) return new Map();
  const rows = await executor
    .select()
    .from(ratingVerifications)
    .where(domains === undefined ? undefined : inArray(ratingVerifications.domain, [...domains]));
  return new Map(
    rows.map((row) => [
      row.domain,
      {
        domain: row.domain,
        verifiedAt: row.verifiedAt.toISOString(),
        result: row.result,
        mismatches: row.mismatches,
        methodologyVersion: row.methodologyVersion,
      },
    ]),
  );
}
