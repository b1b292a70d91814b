/**
 * Drift detection (RULES.md §4 rule DRIFT, seed 003 §9): a page recomputes a blindspot with the
 * same function the pipeline used and compares it with the stored flag.
 */
import { z } from 'zod';
import type { Bucket } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { BlindspotFlagSchema, type BlindspotDrift, type BlindspotFlag } from './schemas.js';

const BlindspotDriftInputSchema = z.strictObject({ stored: BlindspotFlagSchema, computed: BlindspotFlagSchema });

const BUCKET_ORDER: readonly Bucket[] = ['left', 'center', 'right'];

interface NormalisedFlag {
  isBlindspot: boolean;
  buckets: Bucket[] | null;
}

function normalise(flag: BlindspotFlag): NormalisedFlag {
  if (typeof flag === 'boolean') return { isBlindspot: flag, buckets: null };
  if (flag === null) return { isBlindspot: false, buckets: [] };
  if (typeof flag === 'string') return { isBlindspot: true, buckets: [flag] };
  return { isBlindspot: flag.length > 0, buckets: BUCKET_ORDER.filter((bucket) => flag.includes(bucket)) };
}

function describe(flag: NormalisedFlag): string {
  if (!flag.isBlindspot) return 'not a blindspot';
  return flag.buckets === null ? 'a blindspot' : `a blindspot of ${flag.buckets.join(', ')}`;
}

/**
 * Compares a stored blindspot flag with the one computed now (rule DRIFT) and returns the
 * disagreement, or `null` when they agree. Flags may be booleans, Fuja da Bolha sides
 * (`'left' | 'right' | null`) or Prisma bucket lists (order irrelevant, no repeats). A boolean is
 * compared on "is a blindspot" only; two bucket-valued flags must also name the same buckets.
 * The caller logs the returned `message` as a drift warning.
 *
 * @example
 * blindspotDrift(['left'], ['left']);        // null
 * blindspotDrift(true, ['right']);           // null (a boolean only says "blindspot")
 * blindspotDrift(['left'], ['left', 'center']);
 * // { rule: 'DRIFT', kind: 'buckets', onlyStored: [], onlyComputed: ['center'], … }
 * blindspotDrift('left', null)?.kind;        // 'flag'
 */
export function blindspotDrift(stored: BlindspotFlag, computed: BlindspotFlag): BlindspotDrift | null {
  const valid = parseInput(BlindspotDriftInputSchema, { stored, computed }, 'DRIFT', 'blindspotDrift');
  const storedFlag = normalise(valid.stored);
  const computedFlag = normalise(valid.computed);
  const storedBuckets = storedFlag.buckets;
  const computedBuckets = computedFlag.buckets;
  const onlyStored =
    storedBuckets !== null && computedBuckets !== null
      ? storedBuckets.filter((bucket) => !computedBuckets.includes(bucket))
      : [];
  const onlyComputed =
    storedBuckets !== null && computedBuckets !== null
      ? computedBuckets.filter((bucket) => !storedBuckets.includes(bucket))
      : [];
  let kind: BlindspotDrift['kind'];
  if (storedFlag.isBlindspot !== computedFlag.isBlindspot) kind = 'flag';
  else if (onlyStored.length > 0 || onlyComputed.length > 0) kind = 'buckets';
  else return null;
  return {
    rule: 'DRIFT',
    kind,
    stored: storedFlag,
    computed: computedFlag,
    onlyStored,
    onlyComputed,
    message: `blindspot drift (rule DRIFT): stored flag says ${describe(storedFlag)}, the methodology computes ${describe(computedFlag)}`,
  };
}
