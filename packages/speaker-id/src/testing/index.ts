/**
 * `@espectro/speaker-id/testing`: deterministic speech-like test signals, so that packages using
 * speaker identification can test it without espeak-ng or recordings.
 *
 * @packageDocumentation
 */
export { sine, syntheticSpeakers, syntheticVoice, type SyntheticSpeaker } from './synthetic-voice.js';
export { forgedWav, type ForgedWavHeader } from './forged-wav.js';
