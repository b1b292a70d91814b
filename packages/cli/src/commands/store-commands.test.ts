import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipelineFixtureDirectory } from '@espectro/pipeline/testing';
import { loadMigrations } from '@espectro/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../test-io.js';
import { dbCommand } from './db.js';
import { csvCell, toCsv } from '@espectro/methodology';
import { exportCommand } from './export.js';
import { availableModels, modelsCommand } from './models.js';
import { runCommand } from './run.js';
import { storyCommand } from './story.js';

const fixture = pipelineFixtureDirectory();

describe('espectro db / run / story / export on one embedded database', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'espectro-cli-'));
  });
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('db migrate leaves a new folder with every migration applied; db status lists them', async () => {
    // A new embedded folder starts as a copy of the migrated template (@espectro/store), so the first
    // migrate finds nothing left to apply.
    const io = memoryIo(work);
    expect(await dbCommand.run(['migrate', '--db', 'db'], io)).toBe(0);
    expect(io.out()).toContain(`already up to date (${loadMigrations().length} migrations in total)`);
    const again = memoryIo(work);
    expect(await dbCommand.run(['migrate', '--db', 'db', '--json'], again)).toBe(0);
    expect(JSON.parse(again.out())).toMatchObject({
      backend: 'pglite',
      appliedNow: [],
      applied: loadMigrations().map((migration) => migration.name),
      pending: [],
    });
    const status = memoryIo(work);
    expect(await dbCommand.run(['status', '--db', 'db'], status)).toBe(0);
    expect(status.out()).toMatch(/pending: none/);
    await expect(dbCommand.run(['drop'], memoryIo(work))).rejects.toThrow(/unknown subcommand "drop"/);
  }, 180_000); // a fresh embedded database (initdb) takes minutes on a loaded machine

  it('run prints progress on stderr and a summary on stdout', async () => {
    const io = memoryIo(work, {});
    expect(await runCommand.run(['--data', fixture, '--db', 'db'], io)).toBe(0);
    expect(io.err()).toMatch(/^rate/m);
    expect(io.err()).toMatch(/ingest +\[6\/6\] feeds\/roto\.xml — failed/);
    expect(io.out()).toMatch(/ingest +6 sources \(0 unchanged\), 25 items → 25 new articles/);
    expect(io.out()).toMatch(/✗ feeds\/roto\.xml: not well-formed XML/);
  }, 60_000);

  it('story lists stories and shows one with sentences and sources', async () => {
    const list = memoryIo(work);
    expect(await storyCommand.run(['--list', '--db', 'db', '--json'], list)).toBe(0);
    const stories = JSON.parse(list.out()) as { id: string }[];
    expect(stories.length).toBeGreaterThanOrEqual(3);
    const show = memoryIo(work);
    expect(await storyCommand.run([stories[0]!.id, '--db', 'db'], show)).toBe(0);
    expect(show.out()).toMatch(/coverage +left \d+% · center \d+% · right \d+%/);
    expect(show.out()).toMatch(/Sources/);
    const json = memoryIo(work);
    await storyCommand.run([stories[0]!.id, '--db', 'db', '--json'], json);
    expect(JSON.parse(json.out())).toMatchObject({
      id: stories[0]!.id,
      sources: expect.any(Array),
      sentences: expect.any(Array),
    });
    const missing = memoryIo(work);
    expect(await storyCommand.run(['nope', '--db', 'db'], missing)).toBe(1);
    expect(missing.err()).toMatch(/no story "nope"/);
  }, 60_000);

  it('export writes JSON and CSV open data with a manifest', async () => {
    const io = memoryIo(work);
    expect(await exportCommand.run(['--db', 'db', '--out', 'open-data'], io)).toBe(0);
    const files = readdirSync(join(work, 'open-data')).sort();
    expect(files).toEqual([
      'checks.csv',
      'checks.json',
      'manifest.json',
      'outlet-rating-changes.csv',
      'outlets.csv',
      'outlets.json',
      'stories.csv',
      'stories.json',
      'story-sentences.csv',
    ]);
    const manifest = JSON.parse(readFileSync(join(work, 'open-data', 'manifest.json'), 'utf8'));
    expect(manifest.counts).toMatchObject({ outlets: 9, checks: 0 });
    expect(manifest.illustrativeRatings).toContain('centro.es');
    const csv = readFileSync(join(work, 'open-data', 'outlets.csv'), 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'domain,name,country,scope,bias,factuality,confidence,applied_rule,flags,trace,methodology_version,rating_reviewed_at,added_at,illustrative',
    );
    const stories = JSON.parse(readFileSync(join(work, 'open-data', 'stories.json'), 'utf8')) as unknown[];
    expect(stories.length).toBe(manifest.counts.stories);
    await expect(exportCommand.run(['--format', 'xml'], memoryIo(work))).rejects.toThrow(/unknown format "xml"/);
  }, 60_000);

  it('quotes CSV fields per RFC 4180', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('dijo "no"')).toBe('"dijo ""no"""');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['x', 'y'], [[1, 'línea\nnueva']])).toBe('x,y\r\n1,"línea\nnueva"\r\n');
  });
});

describe('espectro models', () => {
  let server: Server;
  let base: string;
  let models: string;
  const payload = Buffer.from('fake onnx weights for the test: 0123456789'.repeat(100));
  beforeAll(async () => {
    models = mkdtempSync(join(tmpdir(), 'espectro-models-'));
    server = createServer((request, response) => {
      if (request.url?.endsWith('.onnx')) {
        response.writeHead(200, { 'content-length': String(payload.length) });
        response.end(payload);
      } else {
        response.writeHead(404);
        response.end('not found');
      }
    });
    await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', () => resolveListen()));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    rmSync(models, { recursive: true, force: true });
  });

  it('lists the specs exported by the model-using packages', async () => {
    expect((await availableModels()).map((model) => model.name)).toContain('campplus');
    const io = memoryIo(process.cwd(), { ESPECTRO_MODELS: models });
    expect(await modelsCommand.run(['list'], io)).toBe(0);
    expect(io.out()).toMatch(/campplus/);
    expect(io.out()).toMatch(/minilm/);
  });

  it('pulls campplus from a loopback mirror, atomically, and keeps an existing copy', async () => {
    const io = memoryIo(process.cwd(), { ESPECTRO_MODELS: models });
    expect(await modelsCommand.run(['pull', 'campplus', '--mirror', base], io)).toBe(0);
    expect(io.out()).toMatch(/^downloaded /m);
    const folder = join(models, 'campplus');
    const [file] = readdirSync(folder);
    expect(readFileSync(join(folder, file!))).toEqual(payload);
    const again = memoryIo(process.cwd(), { ESPECTRO_MODELS: models });
    expect(await modelsCommand.run(['pull', 'campplus', '--mirror', base], again)).toBe(0);
    expect(again.out()).toMatch(/^already present /m);
  });

  it('fails clearly on an HTTP error (exit 1, the address in the message), installing nothing; unknown names are usage errors', async () => {
    // The loopback mirror answers 404 for MiniLM's config.json (the downloader itself, with its
    // retries, resume and SHA-256 checks, is tested in @espectro/models).
    const io = memoryIo(process.cwd(), { ESPECTRO_MODELS: models });
    expect(await modelsCommand.run(['pull', 'minilm', '--mirror', base], io)).toBe(1);
    expect(io.err()).toMatch(
      /espectro models: cannot download http:\/\/127\.0\.0\.1:\d+\/minilm\/config\.json: HTTP 404/,
    );
    expect(existsSync(join(models, 'minilm', 'config.json'))).toBe(false);
    const listed = memoryIo(process.cwd(), { ESPECTRO_MODELS: models });
    expect(await modelsCommand.run(['list'], listed)).toBe(0);
    expect(listed.out()).toMatch(/minilm +@espectro\/clustering +not installed/);
    await expect(modelsCommand.run(['pull', 'nothing'], io)).rejects.toThrow(
      /unknown model "nothing" \(available: campplus, minilm\)/,
    );
  });
});
