/**
 * A route that throws is logged without SQL or parameters and answered with a localised 500
 * (issue 21 §6): a real failed query on PGlite, handed to what the middleware calls.
 */
import { createStore } from '@espectro/store';
import { createTestDatabase, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { failedRequestResponse } from './failed-request.js';

const READER_ID = 'c_lectora-203.0.113.9';
let database: TestDatabase;
let queryFailure: unknown;

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  await database.database.query('DROP TABLE contestations CASCADE');
  queryFailure = await createStore(database.database)
    .contestations.get(READER_ID)
    .then(
      () => null,
      (error: unknown) => error,
    );
}, 60_000);
afterAll(async () => {
  await database?.cleanup();
});

test('the log line names the request and the database reason, never the query or its parameter', async () => {
  // Without this handling, the log would show Drizzle's message: the statement and the reader's id.
  expect(String((queryFailure as Error).message)).toContain(READER_ID);
  const lines: string[] = [];
  const response = await failedRequestResponse(
    new Request('http://127.0.0.1/api/contestaciones', { method: 'POST' }),
    new URL('http://127.0.0.1/api/contestaciones'),
    queryFailure,
    (line) => lines.push(line),
  );
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    /^\[espectro\] POST \/api\/contestaciones failed: the database refused the query: relation "contestations" does not exist/,
  );
  expect(lines[0]).not.toContain(READER_ID);
  expect(lines[0]).not.toMatch(/select|params/i);
  expect(response.status).toBe(500);
  expect(await response.json()).toEqual({ error: 'Error interno del servidor. Vuelve a intentarlo en unos minutos.' });
});

test('a page gets the message in its language, as text', async () => {
  const response = await failedRequestResponse(
    new Request('http://127.0.0.1/pt/temas'),
    new URL('http://127.0.0.1/pt/temas'),
    queryFailure,
    () => undefined,
  );
  expect(response.status).toBe(500);
  expect(response.headers.get('content-type')).toContain('text/plain');
  expect(await response.text()).toBe('Erro interno do servidor. Tente de novo em alguns minutos.');
});
