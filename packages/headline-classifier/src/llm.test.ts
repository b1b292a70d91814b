import { reply, startFakeLlmServer, type FakeLlmServer } from '@espectro/llm/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HeadlineClassifierError } from './errors.js';
import { HEADLINE_CLASSIFICATION_PROMPT, createLlmClassifier } from './llm.js';
import { classifyAndLink } from './pipeline.js';
import { TAXONOMY_SHA256 } from './taxonomy.js';

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const headline = {
  id: 'synthetic-1',
  title: 'Senado despacha a la Cámara el proyecto de ejemplo',
  description: 'La Sala aprobó en general la iniciativa ficticia (Boletín N° 12.345-07).',
};

describe('LLM classifier (DeepSeek adapter against the loopback fake server)', () => {
  it('returns the class with the evidence quoted from the text and the backend label', async () => {
    server.enqueue(reply.json({ class: 'legislative_process', evidencePhrase: 'senado DESPACHA a la camara' }));
    const classifier = createLlmClassifier({ model: server.model('deepseek') });
    expect(classifier.backend).toBe('llm:deepseek/deepseek-chat');
    const [result] = await classifier.classify([headline]);
    expect(result).toEqual({
      id: 'synthetic-1',
      class: 'legislative_process',
      evidence: 'Senado despacha a la Cámara',
      evidenceField: 'title',
      backend: 'llm:deepseek/deepseek-chat',
    });
    const [request] = server.requests;
    expect(request!.system).toContain(TAXONOMY_SHA256);
    expect(request!.system).toContain('Tramitación legislativa');
    expect(request!.messages.at(-1)!.content).toContain('Titular: Senado despacha');
    expect(HEADLINE_CLASSIFICATION_PROMPT.version).toMatch(/^\d{4}-\d{2}-\d{2}\.\d+$/);
  });

  it('re-asks once when the evidence phrase is not in the text, then accepts a grounded answer', async () => {
    server.enqueue(
      reply.json({ class: 'law_in_force', evidencePhrase: 'la ley ya está vigente' }),
      reply.json({ class: 'legislative_process', evidencePhrase: 'aprobó en general' }),
    );
    const [result] = await createLlmClassifier({ model: server.model('deepseek') }).classify([headline]);
    expect(result).toMatchObject({
      class: 'legislative_process',
      evidence: 'aprobó en general',
      evidenceField: 'description',
    });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.messages.at(-1)!.content).toContain('«la ley ya está vigente» no aparece');
  });

  it('rejects a headline whose evidence is ungrounded twice', async () => {
    server.enqueue(
      reply.json({ class: 'law_in_force', evidencePhrase: 'inventado' }),
      reply.json({ class: 'law_in_force', evidencePhrase: 'otra invención' }),
    );
    const [result] = await createLlmClassifier({ model: server.model('deepseek') }).classify([headline]);
    expect(result).toMatchObject({ class: null, evidence: null, backend: 'llm:deepseek/deepseek-chat' });
    expect(result!.rejection).toMatch(/not found .*«otra invención»/);
  });

  it('a provider failure rejects only that headline; a configuration error throws', async () => {
    server.enqueue(reply.serverError(), reply.json({ class: 'non_legislative', evidencePhrase: 'Temblor' }));
    const results = await createLlmClassifier({ model: server.model('deepseek'), concurrency: 1 }).classify([
      headline,
      { id: 'synthetic-2', title: 'Temblor de prueba en el sur' },
    ]);
    expect(results[0]).toMatchObject({
      class: null,
      rejection: expect.stringMatching(/^provider failure \(server_error\)/),
    });
    expect(results[1]).toMatchObject({ class: 'non_legislative', evidence: 'Temblor' });
    server.enqueue(reply.unauthorized());
    await expect(createLlmClassifier({ model: server.model('deepseek') }).classify([headline])).rejects.toThrow(
      HeadlineClassifierError,
    );
  });

  it('links by boletín number through the classifier output, never through the class', async () => {
    server.enqueue(reply.json({ class: 'legislative_process', evidencePhrase: 'Senado despacha' }));
    const [row] = await classifyAndLink(createLlmClassifier({ model: server.model('deepseek') }), [headline]);
    expect(row).toMatchObject({
      class: 'legislative_process',
      boletines: ['12345-07'],
      backend: 'llm:deepseek/deepseek-chat',
      classLink: { allowed: false, reason: 'class_precision_not_measured' },
    });
  });
});
