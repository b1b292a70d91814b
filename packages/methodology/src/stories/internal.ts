/**
 * Helpers private to the stories module: allocation-free structural checks used as a fast path in
 * front of the zod schemas, one-domain-one-voice deduplication, and UTC instants.
 * Nothing here is exported from the package.
 */
import { inputError } from '../errors.js';
import type { Bucket, Topic } from '../shared/schemas.js';

// ── Structural checks (fast path) ──────────────────────────────────────────────────────────────
//
// Each `is…` function below mirrors what the corresponding zod schema does — zod 4 accepts any
// non-array object, reads each declared field by property access and, for a strict object,
// rejects every key that `for…in` enumerates and the shape does not declare — so whenever it
// returns true the schema would parse the value to an equal value (it is *sound*; property-tested
// in `fast-validate.test.ts`). When it returns false the caller falls back to `parseInput`, which
// throws the zod issues (or, for anything the fast check is stricter about, returns the parsed
// copy). It allocates nothing: no closures, no regular expressions, no arrays.

/** `typeof object`, not null, not an array — zod's `isObject`. */
export function isObjectRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every enumerable key is `domain`, `scope` or `bias` (strict `StoryOutletSchema`). */
function hasOnlyOutletKeys(record: Record<string, unknown>): boolean {
  for (const key in record) {
    if (key !== 'domain' && key !== 'scope' && key !== 'bias') return false;
  }
  return true;
}

/** Every enumerable key is declared by the strict `PublishGuardOutletSchema`. */
export function hasOnlyGuardOutletKeys(record: Record<string, unknown>): boolean {
  for (const key in record) {
    if (key !== 'domain' && key !== 'scope' && key !== 'bias' && key !== 'factuality' && key !== 'contributedText')
      return false;
  }
  return true;
}

/** `CountSchema`: a non-negative safe integer. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** `BucketSchema`. */
export function isBucket(value: unknown): value is Bucket {
  return value === 'left' || value === 'center' || value === 'right';
}

/** `FactualitySchema.nullable()`. */
export function isFactualityOrNull(value: unknown): boolean {
  return (
    value === null ||
    value === 'very-high' ||
    value === 'high' ||
    value === 'mixed' ||
    value === 'low' ||
    value === 'very-low'
  );
}

/** `TopicSchema.nullable()`. */
export function isTopicOrNull(value: unknown): value is Topic | null {
  switch (value) {
    case null:
    case 'politics':
    case 'economy':
    case 'international':
    case 'society':
    case 'culture':
    case 'sports':
    case 'technology':
    case 'science':
    case 'health':
    case 'environment':
      return true;
    default:
      return false;
  }
}

/** Domain, scope and bias of a `StoryOutletSchema` member (bias only on political outlets). */
export function hasValidOutletCore(record: Record<string, unknown>): boolean {
  const domain = record.domain;
  if (typeof domain !== 'string' || domain.length === 0) return false;
  const scope = record.scope;
  const bias = record.bias;
  if (scope === 'political') return bias === null || isBucket(bias);
  return (scope === 'non_political' || scope === null) && bias === null;
}

/** `StoryOutletSchema`. */
export function isStoryOutlet(value: unknown): boolean {
  return isObjectRecord(value) && hasValidOutletCore(value) && hasOnlyOutletKeys(value);
}

/** `z.array(StoryOutletSchema)`. */
export function isStoryOutletArray(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let index = 0; index < value.length; index += 1) {
    if (!isStoryOutlet(value[index])) return false;
  }
  return true;
}

// ── One domain = one voice (rule COV-1) ────────────────────────────────────────────────────────

/** Up to this many outlets the registry uses its fixed open-addressing table; above, a Map. */
const TABLE_LIMIT = 64;
/** Slots of the open-addressing table (a power of two, ≥ 4 × TABLE_LIMIT keeps probes short). */
const TABLE_SLOTS = 256;

/**
 * A cheap integer summary of a domain (its length and three inner characters); equal domains have
 * equal fingerprints, so strings are compared only when fingerprints match.
 */
function fingerprint(domain: string): number {
  const length = domain.length;
  return (
    (length << 24) ^
    (domain.charCodeAt(length >> 1) << 16) ^
    (domain.charCodeAt(length >> 2) << 8) ^
    domain.charCodeAt((3 * length) >> 2)
  );
}

// State of the one module-level registry (see DomainRegistry).
/** 0 = empty, otherwise the index + 1 of the first outlet hashed there. */
const slots = new Int32Array(TABLE_SLOTS);
const usedSlots = new Int32Array(TABLE_LIMIT);
let usedCount = 0;
const prints = new Int32Array(TABLE_LIMIT);
const domains: string[] = new Array<string>(TABLE_LIMIT).fill('');
let lookup: Map<string, number> | null = null;

/**
 * Finds, outlet by outlet, the first earlier outlet with the same domain (rule COV-1: one domain
 * = one voice; domains compared as exact strings). Call {@link DomainRegistry.reset} with the
 * number of outlets, then {@link DomainRegistry.firstIndex} for indexes 0, 1, 2, … in order.
 *
 * It is a small open-addressing hash table over domain fingerprints, kept in module-level typed
 * arrays and cleared slot by slot (it holds on to at most 64 domain strings between calls). One
 * instance is shared: the story rules are synchronous and never re-entered during a scan, and
 * reusing the buffers spares every allocation — which keeps one-domain-one-voice cheap enough for
 * bulk evaluation. Lists longer than 64 outlets use a Map.
 */
class DomainRegistry {
  reset(count: number): void {
    for (let used = 0; used < usedCount; used += 1) slots[usedSlots[used]!] = 0;
    usedCount = 0;
    lookup = count > TABLE_LIMIT ? new Map() : null;
  }

  /** The index of the first outlet with `domain` (`index` itself when it is the first). */
  firstIndex(index: number, domain: string): number {
    if (lookup !== null) {
      const first = lookup.get(domain);
      if (first !== undefined) return first;
      lookup.set(domain, index);
      return index;
    }
    const print = fingerprint(domain);
    let slot = (print ^ (print >>> 8) ^ (print >>> 17)) & (TABLE_SLOTS - 1);
    for (;;) {
      const entry = slots[slot]!;
      if (entry === 0) {
        slots[slot] = index + 1;
        usedSlots[usedCount] = slot;
        usedCount += 1;
        prints[index] = print;
        domains[index] = domain;
        return index;
      }
      const earlier = entry - 1;
      if (prints[earlier] === print && domains[earlier] === domain) return earlier;
      slot = (slot + 1) & (TABLE_SLOTS - 1);
    }
  }
}

/** The shared {@link DomainRegistry}. */
export const domainRegistry = new DomainRegistry();

/**
 * Throws the input error for a domain listed twice with different ratings. One domain is one
 * voice (COV-1): a story cannot say that the same domain is both left and right, so the honest
 * answer is an error naming the domain, not a silent pick.
 */
export function conflictingDuplicate(
  functionName: string,
  path: (string | number)[],
  domain: string,
  field: string,
  firstIndex: number,
): never {
  return inputError(
    'COV-1',
    functionName,
    [...path, field],
    `domain "${domain}" is listed again with a different ${field} than at index ${firstIndex}; one domain is one voice (COV-1), so its repeated entries must agree`,
  );
}

// ── Instants ───────────────────────────────────────────────────────────────────────────────────

const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * Milliseconds since the epoch of a validated ISO date or date-time. A date alone is midnight
 * UTC. (The shared schema rejects date-times without offset; should one reach an unchecked path,
 * it is read as UTC too — never as the machine's local time.)
 */
export function toInstantMs(iso: string): number {
  if (iso.length === 10 || HAS_OFFSET.test(iso)) return Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Date.parse(`${iso}Z`);
}
