import type * as SpeakerId from '@espectro/speaker-id';
import type { Embedder, IdentifyOptions, VoicesFile } from '@espectro/speaker-id';
import { samplesToFloat, type AudioChunk } from '../audio/chunker.js';
import { FactcheckError, messageOf } from '../errors.js';
import type { SpeakerResult } from '../schemas.js';
import type { SpeakerIdentifier, StageContext } from './types.js';

/** Settings of {@link createSpeakerIdIdentifier}. */
export interface SpeakerIdIdentifierSettings extends IdentifyOptions {
  /** The enrolled voices, or the path of a voices file (`espectro speaker enroll`). */
  voices: VoicesFile | string;
  /** The embedder the voices were enrolled with; default: the one matching the voices file. */
  embedder?: Embedder;
  /** Enrolled name → candidate name, when they differ. */
  aliases?: Record<string, string>;
  /** Environment for the model folder (`ESPECTRO_MODELS`). */
  env?: Record<string, string | undefined>;
}

/**
 * Stage 3 over `@espectro/speaker-id` (imported on first use, so its embedders load only when needed): the
 * chunk's voice is compared with the enrolled candidates on the operator's machine (CAM++, or the
 * offline statistics embedder); below the threshold the voice stays unknown (`speaker: null`).
 *
 * @example
 * const speaker = await createSpeakerIdIdentifier({ voices: 'voices.json' });
 * (await speaker.identify(chunk, context)).speaker; // 'Helena Valadares' | null
 */
export async function createSpeakerIdIdentifier(settings: SpeakerIdIdentifierSettings): Promise<SpeakerIdentifier> {
  let speakerId: typeof SpeakerId;
  try {
    speakerId = await import('@espectro/speaker-id');
  } catch (error) {
    throw new FactcheckError({
      code: 'missing_configuration',
      stage: 'speaker',
      message: `@espectro/speaker-id could not be loaded: ${messageOf(error)}`,
      cause: error,
    });
  }
  const voices =
    typeof settings.voices === 'string' ? await speakerId.readVoicesFile(settings.voices) : settings.voices;
  if (voices === undefined) {
    throw new FactcheckError({
      code: 'missing_configuration',
      stage: 'speaker',
      message: `no voices file at ${String(settings.voices)}`,
      field: 'voices',
    });
  }
  const embedder =
    settings.embedder ??
    (await speakerId.embedderForVoices(voices, { ...(settings.env !== undefined ? { env: settings.env } : {}) }));
  const { voices: _voices, embedder: _embedder, aliases, env: _env, ...identifyOptions } = settings;
  return {
    async identify(chunk: AudioChunk, _context: StageContext): Promise<SpeakerResult> {
      if (chunk.samples === undefined) {
        throw new FactcheckError({
          code: 'invalid_audio',
          stage: 'speaker',
          message: `chunk ${chunk.index} has no samples`,
          field: 'samples',
        });
      }
      const result = await speakerId.identifySamples(samplesToFloat(chunk.samples), {
        ...identifyOptions,
        voices,
        embedder,
      });
      const name = result.speaker === null ? null : (aliases?.[result.speaker] ?? result.speaker);
      return { speaker: name, score: result.score, backend: result.backend };
    },
  };
}

/**
 * Stage 3 from a recorded list (a replay, or a manual log made by the operator): speaker per chunk
 * index; missing indexes are unknown.
 *
 * @example
 * const speaker = createRecordedSpeakerIdentifier({ 0: null, 1: 'Helena Valadares' });
 */
export function createRecordedSpeakerIdentifier(
  speakers: Record<number, string | null | { speaker: string | null; score: number | null }>,
  backend = 'recorded',
): SpeakerIdentifier {
  return {
    async identify(chunk: AudioChunk): Promise<SpeakerResult> {
      const entry = speakers[chunk.index];
      if (entry === undefined || entry === null) return { speaker: null, score: null, backend };
      if (typeof entry === 'string') return { speaker: entry, score: null, backend };
      return { speaker: entry.speaker, score: entry.score, backend };
    },
  };
}
