import { TOPICS } from '@espectro/methodology';
import { reply, startFakeLlmServer, type FakeLlmServer } from '@espectro/llm/testing';
import { fc, test } from '@fast-check/vitest';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { storyTopicPrompt } from './prompts.js';
import { classifyTopic, classifyTopicOffline, detectLowValue, TOPIC_MIN_MARGIN, TOPIC_MIN_SCORE } from './topics.js';

describe('classifyTopicOffline (TOP-1, keywords es + pt)', () => {
  test.each([
    ['economy', 'El Banco Central sube la tasa de interés', 'La inflación de marzo fue del 3,5 % y el dólar subió.'],
    [
      'politics',
      'El Senado aprueba la reforma constitucional',
      'La oposición votó en contra del proyecto de ley del gobierno.',
    ],
    [
      'sports',
      'Boca gana el clásico con dos goles en el último minuto',
      'El entrenador celebró el triunfo en el campeonato.',
    ],
    [
      'health',
      'Brote de dengue: los hospitales del norte, al límite',
      'El ministerio de salud confirmó 300 pacientes internados.',
    ],
    [
      'environment',
      'Desmatamento na Amazônia cresce 20% em um ano',
      'As queimadas e a seca agravam a crise ambiental.',
    ],
    [
      'international',
      'La OTAN refuerza su frontera ante Rusia',
      'Los cancilleres de la Unión Europea se reunieron en Bruselas.',
    ],
    [
      'technology',
      'Nova lei de inteligência artificial obriga big techs a revelar algoritmos',
      'O aplicativo e os dados pessoais dos usuários.',
    ],
    [
      'science',
      'Telescopio detecta un planeta con agua fuera del sistema solar',
      'Los astrónomos publicaron el descubrimiento en una revista científica.',
    ],
    [
      'culture',
      'Murió el escritor que renovó la literatura latinoamericana',
      'Sus libros se leerán en el festival de teatro y en el museo.',
    ],
    [
      'society',
      'Huelga de docentes deja sin clases a miles de estudiantes',
      'Las escuelas permanecerán cerradas y la policía vigila las protestas.',
    ],
  ] as const)('%s', (topic, title, summary) => {
    const result = classifyTopicOffline({ title, summary });
    expect(result.topic).toBe(topic);
    expect(result.matched[topic]?.length).toBeGreaterThan(0);
  });

  test('unclear stories stay unclassified, never guessed', () => {
    expect(
      classifyTopicOffline({ title: 'Lo que se sabe hasta ahora', summary: 'Hubo novedades durante la tarde.' }).topic,
    ).toBeNull();
    // A tie between two topics is not clear either.
    const tie = classifyTopicOffline({ title: 'El presidente y la inflación', summary: '' });
    expect(tie.margin).toBeLessThan(TOPIC_MIN_MARGIN);
    expect(tie.topic).toBeNull();
  });

  test.prop([fc.string(), fc.string(), fc.array(fc.string(), { maxLength: 3 })])(
    'always one of the 10 topics or null, with the transparent thresholds',
    (title, summary, sentences) => {
      const result = classifyTopicOffline({ title, summary, sentences });
      expect(result.topic === null || TOPICS.includes(result.topic)).toBe(true);
      if (result.topic !== null) {
        expect(result.scores[result.topic]).toBeGreaterThanOrEqual(TOPIC_MIN_SCORE);
        expect(result.margin).toBeGreaterThanOrEqual(TOPIC_MIN_MARGIN);
      }
    },
  );
});

describe('detectLowValue', () => {
  test.each([
    ['Horóscopo de hoy: qué dice tu signo', 'Las predicciones del zodiaco para la semana.', true],
    ['A nova namorada do cantor viralizou nas redes', 'Fofoca: os famosos comentaram o romance.', true],
    ['Receta fácil: cómo preparar empanadas', 'Trucos de cocina para la dieta de verano.', true],
    ['El Senado aprueba la reforma', 'La oposición votó en contra.', false],
  ])('%s → %s', (title, summary, expected) => {
    expect(detectLowValue({ title, summary }).lowValue).toBe(expected);
  });
});

describe('classifyTopic', () => {
  let server: FakeLlmServer;
  beforeAll(async () => {
    server = await startFakeLlmServer();
  });
  afterEach(() => server.reset());
  afterAll(() => server.close());
  const input = { title: 'El Banco Central sube la tasa', summary: 'La autoridad monetaria subió la tasa al 40 %.' };

  test('with a model: the versioned prompt sees title and summary; the label passes TOP-1', async () => {
    server.enqueueFor({ vendor: 'groq' }, reply.json({ topic: 'economy' }, { inputTokens: 100, outputTokens: 5 }));
    const result = await classifyTopic(input, { model: server.model('groq'), jobId: 's1' });
    expect(result).toMatchObject({
      topic: 'economy',
      retryNextRun: false,
      backend: 'llm',
      provider: 'groq',
      promptId: 'story-topic',
      promptVersion: storyTopicPrompt.version,
      usage: { inputTokens: 100, outputTokens: 5 },
    });
    expect(server.requests[0]!.messages[0]!.content).toContain(input.summary);
  });

  test('null from the model is kept and marked for retry at the next run', async () => {
    server.enqueueFor({ vendor: 'groq' }, reply.json({ topic: null }));
    expect(await classifyTopic(input, { model: server.model('groq') })).toMatchObject({
      topic: null,
      retryNextRun: true,
      failure: null,
    });
  });

  test('an invented category is never accepted; a failed call leaves the story unclassified for retry', async () => {
    server.enqueueFor({ vendor: 'groq' }, reply.json({ topic: 'lifestyle' }), reply.json({ topic: 'gossip' }));
    const invented = await classifyTopic(input, { model: server.model('groq') });
    expect(invented).toMatchObject({ topic: null, retryNextRun: true, failure: { code: 'schema_mismatch' } });
    server.enqueueFor({ vendor: 'groq' }, reply.rateLimit());
    expect(await classifyTopic(input, { model: server.model('groq') })).toMatchObject({
      topic: null,
      retryNextRun: true,
      failure: { code: 'rate_limited' },
    });
  });

  test('without a model the keyword classifier decides and shows its evidence', async () => {
    const result = await classifyTopic({ ...input, summary: 'La inflación y el dólar.' });
    expect(result).toMatchObject({ topic: 'economy', backend: 'keywords (offline)', provider: null, costUsd: 0 });
    expect(result.keywords?.matched.economy).toContain('banco central');
  });
});
