import { reply, startFakeLlmServer, type FakeLlmServer } from '@espectro/llm/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { mapAcademicQuotes, unsupportedReliedOn, validateAcademicEvidence } from './academic.js';
import type { AcademicEntry } from '@espectro/methodology';

const sourceText =
  'Informe anual 2024.\nEl Tiempo mantiene una línea editorial cercana al\n establecimiento empresarial bogotano, según “analistas” consultados.';
const entries: AcademicEntry[] = [
  {
    source: 'FLIP',
    url: 'https://flip.org.co/informe',
    date: '2024-03-12',
    quote: 'El Tiempo mantiene una línea editorial cercana al establecimiento empresarial bogotano',
    weight: 'primary',
    domestic: true,
  },
  {
    source: 'RSF Colombia 2024',
    url: 'https://rsf.org/en/country/colombia',
    date: '2024-05-03',
    quote: 'Colombia remains one of the most dangerous countries for journalists',
    weight: 'secondary',
    domestic: false,
  },
];

describe('validateAcademicEvidence', () => {
  test('a quote found in the fetched text is verified (whitespace and quotation marks normalised only)', () => {
    const result = validateAcademicEvidence([entries[0]!, { ...entries[0]!, quote: 'según "analistas" consultados' }], {
      sourceTexts: { 'https://flip.org.co/informe': sourceText },
    });
    expect(result.rejected).toEqual([]);
    expect(result.accepted.map((entry) => entry.quote_verified)).toEqual([true, true]);
  });

  test('paraphrases, missing quotes and future dates are rejected; unverifiable quotes are marked unverified', () => {
    const result = validateAcademicEvidence(
      [
        { ...entries[0]!, quote: 'El Tiempo tiene una línea editorial próxima al empresariado de Bogotá' },
        { ...entries[0]!, quote: undefined },
        { ...entries[0]!, date: '2026-06-01' },
        entries[1]!,
      ],
      { sourceTexts: { 'https://flip.org.co/informe': sourceText }, asOf: '2026-04-27' },
    );
    expect(result.checks.map((check) => [check.status, check.reason])).toEqual([
      ['rejected', 'paraphrase'],
      ['rejected', 'missing_quote'],
      ['rejected', 'future_date'],
      ['unverified', undefined],
    ]);
    expect(result.accepted).toEqual([{ ...entries[1]!, quote_verified: false }]);
  });
});

describe('mapAcademicQuotes (fake server)', () => {
  let server: FakeLlmServer;
  beforeAll(async () => {
    server = await startFakeLlmServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => server.reset());

  test('stores the bucket with the passage it relied on, the model and the prompt version', async () => {
    server.enqueue(
      reply.json({
        bucket: 'right',
        factuality: null,
        relied_on: [{ entry: 0, quote: 'cercana al establecimiento empresarial bogotano' }],
        reasoning: 'FLIP (domestic) describes a pro-establishment line.',
      }),
    );
    const result = await mapAcademicQuotes({
      outlet: 'eltiempo.com',
      country: 'CO',
      entries,
      model: server.model('openai'),
      asOf: '2026-04-27',
    });
    expect(result).toMatchObject({
      status: 'ok',
      assessment: {
        bucket: 'right',
        relied_on: [{ source: 'FLIP', quote: 'cercana al establecimiento empresarial bogotano' }],
        mapped_by: 'llm:openai/gpt-4o-mini',
        prompt_id: 'rating.academic-mapping',
        prompt_version: '2026-05-01.1',
      },
    });
    if (result.status !== 'ok') throw new Error('unreachable');
    expect(result.assessment.factuality).toBeUndefined();
    expect(unsupportedReliedOn(result.assessment, entries)).toEqual([]);
    expect(server.requests[0]!.system).toContain('never "balanced but evasive"');
  });

  test('a passage that is not in the quotes is re-asked, then rejected', async () => {
    const invented = {
      bucket: 'right',
      factuality: 'high',
      relied_on: [{ entry: 0, quote: 'El Tiempo es un diario de derecha' }],
      reasoning: '',
    };
    server.enqueue(reply.json(invented), reply.json({ ...invented, relied_on: [] }));
    const result = await mapAcademicQuotes({
      outlet: 'eltiempo.com',
      country: 'CO',
      entries,
      model: server.model('openai'),
      asOf: '2026-04-27',
    });
    expect(result.status).toBe('rejected');
    expect(server.requests[1]!.messages.at(-1)!.content).toContain('is not a passage of entry [0]');
  });

  test('a refusal is a failure, not an assessment', async () => {
    server.enqueue(reply.refusal());
    const result = await mapAcademicQuotes({
      outlet: 'eltiempo.com',
      country: 'CO',
      entries,
      model: server.model('openai'),
      asOf: '2026-04-27',
    });
    expect(result).toMatchObject({ status: 'failed' });
  });
});
