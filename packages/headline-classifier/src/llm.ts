import {
  CONFIGURATION_CODES,
  createDeepSeek,
  definePrompt,
  isLlmError,
  type CompatibleSettings,
  type LanguageModel,
} from '@espectro/llm';
import {
  LlmClassificationSchema,
  locateEvidence,
  type Classification,
  type HeadlineClassifier,
  type HeadlineInput,
} from './classifier.js';
import { HeadlineClassifierError } from './errors.js';
import { TAXONOMY_SHA256, taxonomyDocument } from './taxonomy.js';
import { foldText } from './text.js';

/** Variables of {@link HEADLINE_CLASSIFICATION_PROMPT}. */
export interface HeadlinePromptVariables extends Record<string, unknown> {
  title: string;
  description: string;
  /** Empty on the first ask; on the re-ask, why the previous answer was rejected. */
  feedback: string;
}

let cachedSystemPrompt: string | undefined;

function systemPrompt(): string {
  if (cachedSystemPrompt !== undefined) return cachedSystemPrompt;
  const document = taxonomyDocument();
  const classes = document.classes
    .map(
      (entry) =>
        `- ${entry.id} («${entry.label.es}»): ${entry.definition.es}\n  Precedencia: ${entry.precedence.join(' ')}\n  Ejemplos: ${entry.examples
          .map((example) => `«${example.title}»`)
          .join('; ')}`,
    )
    .join('\n');
  cachedSystemPrompt = [
    'Clasificas titulares de la prensa chilena en una de seis clases, leyendo solo lo que dicen el titular y la bajada —nunca lo que un lector podría inferir sobre el tema—.',
    `Taxonomía ${document.id} versión ${document.version} (sha256 ${TAXONOMY_SHA256}):`,
    classes,
    'Orden de decisión (regla HC-1):',
    ...document.precedence.map((line, index) => `${index + 1}. ${line}`),
    'Un parlamentario cuenta solo si es un diputado o senador en ejercicio nombrado explícitamente en el texto.',
    'Responde solo con un objeto JSON {"class": <id de la clase>, "evidencePhrase": <frase copiada textualmente del titular o de la bajada que decide la clase>}.',
    'La frase de evidencia debe aparecer tal cual en el titular o en la bajada; si la cita no está en el texto, la respuesta se rechaza.',
  ].join('\n');
  return cachedSystemPrompt;
}

/**
 * The versioned prompt of the LLM classifier (rule AUDIT: its id and version travel with every
 * result and ledger entry). It contains the frozen taxonomy — definitions, precedence and examples
 * — and cites the taxonomy's sha256. Change `version` whenever the wording changes.
 */
export const HEADLINE_CLASSIFICATION_PROMPT = definePrompt<HeadlinePromptVariables>({
  id: 'headline-classifier.classify',
  version: '2026-11-30.1',
  description: 'HC-1 classification of one Chilean headline with a verbatim evidence phrase',
  system: systemPrompt,
  template: (variables) =>
    [
      `Titular: ${variables.title}`,
      `Bajada: ${variables.description === '' ? '(sin bajada)' : variables.description}`,
      variables.feedback,
    ]
      .filter((line) => line !== '')
      .join('\n'),
});

/** Settings of {@link createLlmClassifier}. */
export interface LlmClassifierSettings {
  /** Any `@espectro/llm` LanguageModel; default DeepSeek (`createDeepSeek()`, key `DEEPSEEK_API_KEY`). */
  model?: LanguageModel;
  /** Headlines classified at once (default 4). */
  concurrency?: number;
  /** Groups the calls in the cost ledger. */
  jobId?: string;
}

/**
 * The LLM classifier: asks a LanguageModel (default DeepSeek through its OpenAI-compatible API)
 * for `{class, evidencePhrase}` with the versioned prompt {@link HEADLINE_CLASSIFICATION_PROMPT}.
 * The evidence phrase must occur in the title or description (compared without case, accents or
 * spacing differences); otherwise the model is asked once more with the reason, and a second
 * ungrounded answer is rejected (`class: null`, `rejection` says why). Every result is labelled
 * `llm:<vendor>/<model>`. A configuration error (no key, bad request, missing SDK) throws
 * `HeadlineClassifierError` `llm_failed`; other provider failures reject that headline only.
 *
 * @example
 * const classifier = createLlmClassifier({ model: createDeepSeek() });
 * const [result] = await classifier.classify([{ id: 'a', title: 'Senado despacha la reforma' }]);
 * result.backend; // 'llm:deepseek/deepseek-chat'
 */
export function createLlmClassifier(settings: LlmClassifierSettings = {}): HeadlineClassifier {
  const model = settings.model ?? createDeepSeek();
  const backend = `llm:${model.vendor}/${model.modelId}`;
  const concurrency = Math.max(1, settings.concurrency ?? 4);

  const ask = async (item: HeadlineInput, feedback: string) =>
    model.generateObject({
      prompt: HEADLINE_CLASSIFICATION_PROMPT,
      variables: { title: item.title, description: item.description ?? '', feedback },
      schema: LlmClassificationSchema,
      schemaName: 'headline_class',
      schemaDescription: 'The HC-1 class of the headline and a phrase quoted verbatim from its title or description.',
      temperature: 0,
      ...(settings.jobId === undefined ? {} : { jobId: settings.jobId }),
    });

  const classifyOne = async (item: HeadlineInput): Promise<Classification> => {
    let feedback = '';
    let lastPhrase = '';
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const { object } = await ask(item, feedback);
        const found = locateEvidence(object.evidencePhrase, item, foldText);
        if (found !== null) {
          return { id: item.id, class: object.class, evidence: found.quote, evidenceField: found.field, backend };
        }
        lastPhrase = object.evidencePhrase;
        feedback = `Tu respuesta anterior fue rechazada: la frase de evidencia «${object.evidencePhrase}» no aparece en el titular ni en la bajada. Copia textualmente una frase del titular o de la bajada.`;
      }
    } catch (error) {
      if (isLlmError(error) && !CONFIGURATION_CODES.has(error.code)) {
        return {
          id: item.id,
          class: null,
          evidence: null,
          evidenceField: null,
          backend,
          rejection: `provider failure (${error.code}): ${error.message}`,
        };
      }
      throw new HeadlineClassifierError({
        code: 'llm_failed',
        stage: 'classify',
        message: `${backend} cannot classify: ${(error as Error).message}`,
        cause: error,
      });
    }
    return {
      id: item.id,
      class: null,
      evidence: null,
      evidenceField: null,
      backend,
      rejection: `evidence phrase not found in the title or description after one re-ask: «${lastPhrase}»`,
    };
  };

  return {
    backend,
    async classify(items) {
      const results: Classification[] = new Array(items.length);
      let next = 0;
      const worker = async () => {
        while (next < items.length) {
          const position = next;
          next += 1;
          results[position] = await classifyOne(items[position]!);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
      return results;
    },
  };
}

/**
 * The default LLM classifier: DeepSeek through its OpenAI-compatible API (`createDeepSeek` from
 * @espectro/llm; key from `apiKey` or `DEEPSEEK_API_KEY`, default model `deepseek-chat`).
 *
 * @example
 * const classifier = createDeepSeekClassifier({ apiKey: process.env.DEEPSEEK_API_KEY });
 */
export function createDeepSeekClassifier(
  settings: Pick<CompatibleSettings, 'apiKey' | 'baseURL' | 'model'> & Omit<LlmClassifierSettings, 'model'> = {},
): HeadlineClassifier {
  const { apiKey, baseURL, model, ...classifierSettings } = settings;
  return createLlmClassifier({
    ...classifierSettings,
    model: createDeepSeek({
      ...(apiKey === undefined ? {} : { apiKey }),
      ...(baseURL === undefined ? {} : { baseURL }),
      ...(model === undefined ? {} : { model }),
    }),
  });
}
