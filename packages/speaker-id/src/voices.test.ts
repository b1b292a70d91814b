/**
 * End-to-end check of the offline statistics embedder on distinct synthetic voices from Debian's
 * espeak-ng (generated here into a temp dir at 22.05 kHz, so the resampler is exercised too).
 * Skipped, with the reason printed, when espeak-ng is not installed (CI installs it).
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STATISTICS_BACKEND } from './embedder.js';
import { enrollFiles, loadClip, type VoicesFile } from './enrollment.js';
import { buildTrials, equalErrorRate, minDcf } from './evaluation.js';
import { SENTENCES } from './open-set/roster.js';
import { identifyFile } from './pipeline.js';
import { createStatisticsEmbedder } from './statistics-embedder.js';
import { cosineSimilarity } from './vectors.js';

const probe = spawnSync('espeak-ng', ['--version'], { encoding: 'utf8' });
const espeakAvailable = probe.status === 0;
if (!espeakAvailable)
  console.warn('Skipping the espeak-ng voice tests: espeak-ng is not installed (apt-get install espeak-ng)');

const run = promisify(execFile);

/** Four synthetic candidates; two share a language (Portuguese) and the same sentences. */
const candidates = [
  { name: 'Candidate EN', voice: 'en+m3', pitch: 35, speed: 160, language: 'en' },
  { name: 'Candidata ES', voice: 'es+f2', pitch: 70, speed: 150, language: 'es' },
  { name: 'Candidato PT', voice: 'pt+m1', pitch: 50, speed: 155, language: 'pt' },
  { name: 'Candidato PT 2', voice: 'pt+m4', pitch: 40, speed: 150, language: 'pt' },
] as const;

/** The first six debate-style sentences of each language (the open-set report's sentence list). */
const sentences: Record<'en' | 'es' | 'pt', string[]> = {
  en: SENTENCES.en.slice(0, 6),
  es: SENTENCES.es.slice(0, 6),
  pt: SENTENCES.pt.slice(0, 6),
};

const ENROLLMENT_SENTENCES = 3;

describe.skipIf(!espeakAvailable)(
  `statistics embedder on espeak-ng voices${espeakAvailable ? '' : ' (skipped: espeak-ng is not installed)'}`,
  () => {
    const embedder = createStatisticsEmbedder();
    let directory: string;
    const files = new Map<string, string[]>();
    let voices: VoicesFile;
    let swapped: VoicesFile;

    beforeAll(async () => {
      directory = await mkdtemp(join(tmpdir(), 'speaker-id-espeak-'));
      for (const [candidateIndex, candidate] of candidates.entries()) {
        const paths = sentences[candidate.language].map((_, index) =>
          join(directory, `${candidateIndex}-${index + 1}.wav`),
        );
        await Promise.all(
          sentences[candidate.language].map((sentence, index) =>
            run('espeak-ng', [
              '-v',
              candidate.voice,
              '-p',
              String(candidate.pitch),
              '-s',
              String(candidate.speed),
              '-w',
              paths[index]!,
              sentence,
            ]),
          ),
        );
        files.set(candidate.name, paths);
      }
      const voicesPath = join(directory, 'voices.json');
      const swappedPath = join(directory, 'swapped.json');
      for (const [index, candidate] of candidates.entries()) {
        const enrollment = files.get(candidate.name)!.slice(0, ENROLLMENT_SENTENCES);
        voices = await enrollFiles({ name: candidate.name, files: enrollment, voicesPath, embedder });
        // The same audio enrolled under the next candidate's name: a cyclic swap of every identity.
        swapped = await enrollFiles({
          name: candidates[(index + 1) % candidates.length]!.name,
          files: enrollment,
          voicesPath: swappedPath,
          embedder,
        });
      }
    }, 120_000);

    afterAll(async () => {
      if (directory) await rm(directory, { recursive: true, force: true });
    });

    const heldOut = () =>
      candidates.flatMap((candidate) =>
        files
          .get(candidate.name)!
          .slice(ENROLLMENT_SENTENCES)
          .map((file) => ({ label: candidate.name, file })),
      );

    test('same-voice sentence pairs score higher than different-voice pairs', async () => {
      const embeddings = await Promise.all(
        candidates.flatMap((candidate) =>
          files.get(candidate.name)!.map(async (file) => ({
            label: candidate.name,
            embedding: await embedder.embed((await loadClip(file)).samples, 16000),
          })),
        ),
      );
      const same: number[] = [];
      const different: number[] = [];
      for (let left = 0; left < embeddings.length; left += 1) {
        for (let right = left + 1; right < embeddings.length; right += 1) {
          const score = cosineSimilarity(embeddings[left]!.embedding, embeddings[right]!.embedding);
          (embeddings[left]!.label === embeddings[right]!.label ? same : different).push(score);
        }
      }
      const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
      console.info(
        `espeak-ng sentence pairs: same-voice mean ${mean(same).toFixed(3)}, different-voice mean ${mean(different).toFixed(3)}`,
      );
      expect(mean(same)).toBeGreaterThan(mean(different) + 0.1);
      const pairEer = equalErrorRate([
        ...same.map((score) => ({ score, target: true })),
        ...different.map((score) => ({ score, target: false })),
      ]);
      console.info(`espeak-ng sentence-pair EER (statistics embedder): ${(pairEer.rate * 100).toFixed(1)} %`);
      expect(pairEer.rate).toBeLessThan(0.25);
    });

    test('identifies the right enrolled candidate for every held-out sentence', async () => {
      const results = await Promise.all(
        heldOut().map(async (chunk) => ({ ...chunk, result: await identifyFile(chunk.file, { voices, embedder }) })),
      );
      for (const { label, result } of results) {
        expect(result.backend).toBe(STATISTICS_BACKEND);
        expect(result.bestCandidate).toBe(label);
        expect(result.speaker).toBe(label);
        expect(result.margin).toBeGreaterThan(0);
      }
    });

    test('with the enrolled labels swapped, every identification is wrong', async () => {
      const results = await Promise.all(
        heldOut().map(async (chunk) => ({
          ...chunk,
          result: await identifyFile(chunk.file, { voices: swapped, embedder, unknownThreshold: -1, minMargin: 0 }),
        })),
      );
      for (const { label, result } of results) expect(result.speaker).not.toBe(label);
    });

    test('the calibration tools report a sane EER and minDCF from enrolled voices and labelled chunks', async () => {
      const chunks = await Promise.all(
        heldOut().map(async (chunk) => ({
          label: chunk.label,
          id: chunk.file,
          embedding: await embedder.embed((await loadClip(chunk.file)).samples, 16000),
        })),
      );
      const trials = buildTrials(voices.speakers, chunks);
      expect(trials).toHaveLength(chunks.length * candidates.length);
      const eer = equalErrorRate(trials);
      const dcf = minDcf(trials, { pTarget: 0.05 });
      console.info(
        `espeak-ng enrolled-vs-held-out EER: ${(eer.rate * 100).toFixed(1)} % (threshold ${eer.threshold.toFixed(3)}), minDCF(0.05): ${dcf.minDcf.toFixed(3)}`,
      );
      expect(eer.rate).toBeLessThan(0.25);
      expect(dcf.minDcf).toBeLessThanOrEqual(1);
      // With the identities swapped, the same tools report that the scores are useless.
      const swappedTrials = buildTrials(swapped.speakers, chunks);
      expect(equalErrorRate(swappedTrials).rate).toBeGreaterThan(eer.rate);
    });
  },
);
