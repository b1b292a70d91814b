import { SpeakerIdError } from '../errors.js';

/** The `SpeakerIdError` that `action` throws (any other error is rethrown; no error fails the test). */
export function caught(action: () => unknown): SpeakerIdError {
  try {
    action();
  } catch (error) {
    if (error instanceof SpeakerIdError) return error;
    throw error;
  }
  throw new Error('expected a SpeakerIdError');
}
