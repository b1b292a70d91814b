import { parseArgs } from 'node:util';
import { rateOutlet, type RateOutletResult } from '@espectro/methodology';
import { formatTrace } from '../format.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';
import { readJsonFile } from '../read-json.js';

const usage = `Usage: espectro rate <evidence.json> [--json]

Rates an outlet from its evidence with the deterministic funnel of @espectro/methodology
(rules FUN-*, CONF-*, FAC-*, VER) and prints the rating with the rules that fired.
<evidence.json> holds one rateOutlet input:
  { "asOf": "2026-04-27", "scope": "political",
    "ownership": { "ownerType": "corporate-conglomerate", "countryRegime": "democracy" },
    "academic": { "bucket": "right", "factuality": "high", "sources": [ … ] },
    "content": { "sampleSize": 24, "bucket": "right", "factuality": "high" } }
or a list of { "domain": "…", "name": "…", "evidence": { …the same… } }.
Exit codes: 0 rated, 2 usage error, 3 invalid evidence (the field and rule are named).`;

/** `espectro rate`: one rating, or a list of ratings, with the rule trace. */
export const rateCommand: CliCommand = {
  name: 'rate',
  summary: 'Rate an outlet from an evidence file and show the rule trace',
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { json: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length !== 1) throw new UsageError('expected exactly one evidence file');
    const evidence = await readJsonFile(positionals[0]!, io.cwd);
    const outlets = Array.isArray(evidence)
      ? evidence.map((entry, index) => namedEvidence(entry, index))
      : [{ domain: null, name: null, evidence }];
    const ratings = outlets.map((outlet) => ({
      domain: outlet.domain,
      name: outlet.name,
      rating: rateOutlet(outlet.evidence as Parameters<typeof rateOutlet>[0]),
    }));
    if (values.json) {
      io.stdout(`${JSON.stringify(Array.isArray(evidence) ? ratings : ratings[0]!.rating, null, 2)}\n`);
      return ExitCode.ok;
    }
    for (const entry of ratings) printRating(io, entry.rating, entry.name ?? entry.domain);
    return ExitCode.ok;
  },
};

function namedEvidence(
  entry: unknown,
  index: number,
): { domain: string | null; name: string | null; evidence: unknown } {
  if (typeof entry !== 'object' || entry === null || !('evidence' in entry)) {
    throw new UsageError(`entry ${index} of the list has no "evidence" field`);
  }
  const record = entry as { domain?: unknown; name?: unknown; evidence: unknown };
  return {
    domain: typeof record.domain === 'string' ? record.domain : null,
    name: typeof record.name === 'string' ? record.name : null,
    evidence: record.evidence,
  };
}

/** Prints one rating as the human-readable block shared by `rate` and `demo`. */
export function printRating(io: CliIo, rating: RateOutletResult, label: string | null): void {
  if (label) io.stdout(`${label}\n`);
  io.stdout(`  bias         ${rating.bias ?? 'none (not rated)'}\n`);
  io.stdout(`  factuality   ${rating.factuality}\n`);
  io.stdout(`  confidence   ${rating.confidence}\n`);
  io.stdout(`  rule         ${rating.appliedRule ?? '—'}\n`);
  io.stdout(
    `  dissent      ${rating.dissent.map((entry) => `${entry.signal}: ${entry.bucket}`).join(', ') || 'none'}\n`,
  );
  io.stdout(`  flags        ${rating.flags.join(', ') || 'none'}\n`);
  io.stdout(`  trace        ${formatTrace(rating.trace)}\n`);
  io.stdout(`  methodology  ${rating.methodologyVersion}\n\n`);
}
