import { describe, expect, test } from 'vitest';
import { testContext } from './__fixtures__/context.js';
import { decideVerdict, reverifyClaimAudio } from './decide.js';
import type { ArbiterAnswer, JudgeAnswer } from './schemas.js';
import type { AudioCheckStages, ChunkTranscriber } from './stages/types.js';

const noFacts: JudgeAnswer['facts'] = {
  claimed: null,
  reference: null,
  unit: null,
  claimNature: 'factual',
  evidenceScope: 'same',
  otherParts: [],
  slipOfTongue: false,
  unprovenAccusation: false,
};
const url = 'https://dados.serraclara.gov.br/x';

describe('decideVerdict: model answer → methodology decision', () => {
  test('JR-1/4: when both numbers are given, numericVerdict decides, whatever the model said', () => {
    const decision = decideVerdict(
      { verdict: 'false', reason: '', citations: [url], facts: { ...noFacts, claimed: 7.8, reference: 7.6 } },
      [url],
      1,
    );
    expect(decision.numericVerdict).toBe('true');
    expect(decision.final).toMatchObject({ verdict: 'true', trace: ['JR-1/4', 'DEB-5'], audioCheckRequired: false });
    expect(
      decideVerdict(
        { verdict: 'true', reason: '', citations: [url], facts: { ...noFacts, claimed: 20, reference: -8 } },
        [url],
        1,
      ).final.verdict,
    ).toBe('false');
  });

  test('JR-5/6/7/9 come from finalizeVerdict in its order', () => {
    expect(
      decideVerdict(
        {
          verdict: 'false',
          reason: '',
          citations: [url],
          facts: { ...noFacts, claimed: 40, reference: 14, otherParts: ['true', 'true'] },
        },
        [url],
        1,
      ).final,
    ).toMatchObject({
      verdict: 'imprecise',
      reasons: ['main_false_most_parts_true'],
    });
    expect(
      decideVerdict(
        { verdict: 'false', reason: '', citations: [url], facts: { ...noFacts, slipOfTongue: true } },
        [url],
        1,
      ).final.verdict,
    ).toBe('imprecise');
    expect(
      decideVerdict(
        { verdict: 'true', reason: '', citations: [url], facts: { ...noFacts, unprovenAccusation: true } },
        [url],
        1,
      ).final.verdict,
    ).toBe('imprecise');
    expect(
      decideVerdict(
        { verdict: 'no_data', reason: '', citations: [], facts: { ...noFacts, claimNature: 'promise' } },
        [],
        1,
      ).final,
    ).toMatchObject({ verdict: 'no_data', status: 'discarded' });
  });

  test('DEB-5: a missing citation asks again, then gives no_data', () => {
    expect(decideVerdict({ verdict: 'true', reason: '', citations: [], facts: noFacts }, [url], 1).final.outcome).toBe(
      're_ask',
    );
    expect(decideVerdict({ verdict: 'true', reason: '', citations: [], facts: noFacts }, [url], 2).final).toMatchObject(
      { outcome: 'final', verdict: 'no_data', reasons: ['invalid_citation', 'missing_citation'] },
    );
  });
});

const original = 'Os roubos de veículos aumentaram 20% em 2025.';

function scripted(vendor: string, text: string | undefined): ChunkTranscriber & { calls: string[] } {
  const calls: string[] = [];
  return {
    vendor,
    model: `${vendor}-model`,
    calls,
    async transcribe(_chunk, context) {
      calls.push(context.key);
      if (text === undefined) throw new Error('should not be called');
      return { text, vendor, model: `${vendor}-model` };
    },
  };
}

function stages(
  a: string,
  b: string,
  c?: string,
  arbiter?: ArbiterAnswer,
): AudioCheckStages & { arbiterCalls: number; third: ReturnType<typeof scripted> } {
  const third = scripted('openai', c);
  const result = {
    arbiterCalls: 0,
    third,
    transcribers: [scripted('openai', a), scripted('groq', b), third] as const,
    arbiter: {
      async decide() {
        result.arbiterCalls += 1;
        if (arbiter === undefined) throw new Error('arbiter should not be called');
        return arbiter;
      },
    },
  };
  return result;
}

const chunk = { index: 22, startSeconds: 220, durationSeconds: 10 };
const run = (audio: AudioCheckStages) =>
  reverifyClaimAudio({ chunk, original, claim: original, stages: audio, context: testContext('22.0') });

describe('AUD-1 paths (reverifyClaimAudio)', () => {
  test('two vendors agree with the sentence → publish, no third, no arbiter', async () => {
    const audio = stages(original, 'Os roubos de veículos aumentaram vinte por cento em dois mil e vinte e cinco.');
    const record = await run(audio);
    expect(record.decision).toMatchObject({ outcome: 'confirmed', action: 'publish', checkStatus: 'published' });
    expect(audio.third.calls).toEqual([]);
    expect(record.transcripts.map((transcript) => transcript.vendor)).toEqual(['openai', 'groq']);
  });

  test('two agree with each other but not with the sentence → correct with their text', async () => {
    const heard = 'Os roubos de veículos aumentaram 13% em 2025.';
    const record = await run(stages(heard, heard));
    expect(record.decision).toMatchObject({ outcome: 'confirmed', action: 'correct' });
    expect(record.correctedText).toBe(heard);
  });

  test('disagreement → the third breaks the tie for the sentence → publish', async () => {
    const audio = stages(original, 'Os roubos de veículos aumentaram 28% em 2025.', original);
    const record = await run(audio);
    expect(record.decision).toMatchObject({ outcome: 'majority', winner: 0, agreeing: [0, 2], action: 'publish' });
    expect(audio.third.calls).toEqual(['22.0#c']);
    expect(audio.arbiterCalls).toBe(0);
  });

  test('disagreement → the third sides against the sentence → correct with the majority text', async () => {
    const majority = 'Os roubos de veículos aumentaram 28% em 2025.';
    const record = await run(stages(original, majority, majority));
    expect(record.decision).toMatchObject({ outcome: 'majority', winner: 1, action: 'correct' });
    expect(record.correctedText).toBe(majority);
  });

  const three = [
    'Os roubos aumentaram 20% em 2025.',
    'Os roubos aumentaram 28% em 2025.',
    'Os roubos aumentaram 18% em 2025.',
  ] as const;
  test.each([
    ['publish', null, 'published', null],
    ['under_review', null, 'under_review', null],
    [
      'correct',
      'Os roubos de celulares aumentaram 18% em 2025.',
      null,
      'Os roubos de celulares aumentaram 18% em 2025.',
    ],
  ] as const)('no majority → the arbiter decides: %s', async (choice, correctedText, checkStatus, expectedText) => {
    const audio = stages(three[0], three[1], three[2], { choice, correctedText, reason: 'r' });
    const record = await run(audio);
    expect(audio.arbiterCalls).toBe(1);
    expect(record.decision).toMatchObject({ outcome: 'arbiter', action: choice, checkStatus });
    expect(record.arbiter?.choice).toBe(choice);
    expect(record.correctedText).toBe(expectedText);
  });

  test('the first two transcribers must be of different vendors (methodology input error)', async () => {
    const audio = stages(original, original);
    const sameVendor = {
      ...audio,
      transcribers: [audio.transcribers[0], audio.transcribers[0], audio.transcribers[2]] as const,
    };
    await expect(run(sameVendor)).rejects.toMatchObject({ rule: 'AUD-1' });
  });
});
