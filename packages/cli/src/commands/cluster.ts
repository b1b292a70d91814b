import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  ClusteringError,
  clusterArticles,
  createClu2Judge,
  createMiniLMEmbedder,
  createOfflineEmbedder,
  defaultModelDirectory,
  type Embedder,
  type PairJudge,
} from '@espectro/clustering';
import { InputFileError } from '../errors.js';
import { INPUT_LIMITS, readJsonLinesValues } from '../input-file.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';

const usage = `Usage: espectro cluster <articles.jsonl> [--embedder offline|minilm] [--window-hours N]
                        [--judge none|llm] [--model-path DIR]

Groups articles into stories (rules CLU-1…3). <articles.jsonl> has one JSON article per line:
  {"id": "a1", "title": "…", "outlet": "El País", "date": "2025-10-28T07:30:00Z", "lang": "es"}
Writes one JSON line {"id": …, "story": …} per input article, in input order; a story is named by
its smallest article id. The result does not depend on the order of the lines.
  --embedder      offline (default: character n-gram + stem TF-IDF with a fixed reference IDF,
                  no weights needed) or minilm
                  (multilingual MiniLM-L12; weights from \`espectro models pull minilm\`)
  --window-hours  only articles published this close are linked (default 72, rule CLU-3)
  --judge         none (default: grey-zone pairs are not merged) or llm (Gemini, then Groq;
                  GEMINI_API_KEY / GROQ_API_KEY); pairs the judge cannot answer are reported
  --model-path    MiniLM folder (default $ESPECTRO_MODELS/minilm or ~/.cache/espectro/models/minilm)
Backend, thresholds and counts go to stderr. The file must be UTF-8, at most
${INPUT_LIMITS.jsonLinesFileBytes / 1_048_576} MiB, each line at most ${INPUT_LIMITS.jsonLinesLineBytes / 1024} KiB.
Exit codes: 0 clustered, 1 failure (e.g. model missing), 2 usage error, 3 invalid input.`;

interface InputArticle {
  id: string;
  title: string;
  [field: string]: unknown;
}

/** Reads the articles file: size, per-line and UTF-8 limits first ({@link INPUT_LIMITS}), then JSON. */
async function readArticles(path: string, cwd: string): Promise<InputArticle[]> {
  const articles: InputArticle[] = [];
  for (const { number, value } of await readJsonLinesValues(path, cwd)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new InputFileError(`${path} line ${number} must be a JSON object with id, title and date`);
    }
    articles.push(value as InputArticle);
  }
  return articles;
}

/** `espectro cluster`: stories from a JSON-lines file of articles, one `{id, story}` line per article. */
export const clusterCommand: CliCommand = {
  name: 'cluster',
  summary: 'Group articles (JSON lines) into stories with the offline or MiniLM embedder',
  usage,
  async run(args, io: CliIo) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        embedder: { type: 'string', default: 'offline' },
        'window-hours': { type: 'string' },
        judge: { type: 'string', default: 'none' },
        'model-path': { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length !== 1) throw new UsageError('expected exactly one articles file (JSON lines)');
    if (values.embedder !== 'offline' && values.embedder !== 'minilm')
      throw new UsageError(`--embedder must be offline or minilm, got "${values.embedder}"`);
    if (values.judge !== 'none' && values.judge !== 'llm')
      throw new UsageError(`--judge must be none or llm, got "${values.judge}"`);
    let windowHours: number | undefined;
    if (values['window-hours'] !== undefined) {
      windowHours = Number(values['window-hours']);
      if (!Number.isFinite(windowHours) || windowHours <= 0)
        throw new UsageError(`--window-hours must be a positive number, got "${values['window-hours']}"`);
    }
    const articles = await readArticles(positionals[0]!, io.cwd);
    let embedder: Embedder;
    if (values.embedder === 'minilm') {
      const modelPath = values['model-path']
        ? resolve(io.cwd, values['model-path'])
        : defaultModelDirectory('minilm', io.env);
      embedder = await createMiniLMEmbedder({ modelPath });
    } else {
      embedder = createOfflineEmbedder();
    }
    const judge: PairJudge | undefined =
      values.judge === 'llm'
        ? createClu2Judge({
            gemini: { apiKey: io.env.GEMINI_API_KEY ?? io.env.GOOGLE_API_KEY },
            groq: { apiKey: io.env.GROQ_API_KEY },
          })
        : undefined;
    try {
      const result = await clusterArticles(articles, {
        embedder,
        ...(windowHours !== undefined ? { windowHours } : {}),
        ...(judge ? { judge } : {}),
      });
      const lines = articles.map((article) =>
        JSON.stringify({ id: article.id, story: result.storyOf.get(article.id) }),
      );
      io.stdout(lines.length > 0 ? `${lines.join('\n')}\n` : '');
      const { backend } = result;
      const guard = backend.chainingGuard ? `mean cosine ≥ ${backend.chainingGuard.minimumAverageSimilarity}` : 'off';
      io.stderr(`espectro cluster: ${articles.length} articles → ${result.stories.length} stories\n`);
      io.stderr(`  embedder    ${backend.embedder} (${backend.model}), search ${backend.search}\n`);
      io.stderr(
        `  thresholds  merge > ${backend.thresholds.merge}, judge ${backend.thresholds.judgeLow}–${backend.thresholds.merge} (${backend.thresholds.source})\n`,
      );
      io.stderr(`  window      ${backend.windowHours} h; chaining guard ${guard}\n`);
      io.stderr(
        `  judge       ${backend.judge}; ${result.judgedPairs} grey pairs judged, ${result.pendingPairs.length} pending\n`,
      );
      return ExitCode.ok;
    } catch (error) {
      if (error instanceof ClusteringError && (error.code === 'invalid_input' || error.code === 'duplicate_id')) {
        throw new InputFileError(error.message);
      }
      throw error;
    } finally {
      await embedder.dispose?.();
    }
  },
};
