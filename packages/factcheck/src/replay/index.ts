/**
 * `@espectro/factcheck/replay` — the bundled recorded debate: a FICTIONAL debate between
 * fictional candidates (in Portuguese) that covers every verdict path, every audio
 * re-verification path, repeated claims and review changes. Used by `espectro debate demo`, the
 * example `examples/debate-replay` and the site's /placar.
 *
 * @example
 * import { runReplay } from '@espectro/factcheck';
 * import { fictionalDebateReplay } from '@espectro/factcheck/replay';
 * const { summary } = await runReplay(fictionalDebateReplay());
 *
 * @packageDocumentation
 */
import { DebateReplaySchema, type DebateReplay } from '@espectro/factcheck';
import data from './fictional-debate.json' with { type: 'json' };

let parsed: DebateReplay | undefined;

/**
 * The bundled fictional debate, validated (a fresh deep copy on every call).
 *
 * @example
 * fictionalDebateReplay().notice; // 'Debate FICTÍCIO entre candidatos FICTÍCIOS …'
 */
export function fictionalDebateReplay(): DebateReplay {
  parsed ??= DebateReplaySchema.parse(data);
  return structuredClone(parsed);
}
