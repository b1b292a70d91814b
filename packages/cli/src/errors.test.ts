/**
 * The CLI's last-resort error report never prints Drizzle's SQL-and-parameters dump (issue 21 §6):
 * a real failed query on PGlite, reported as `espectro` reports any run-time failure.
 */
import { createStore } from '@espectro/store';
import { createTestDatabase, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reportError } from './errors.js';
import { ExitCode } from './io.js';
import { memoryIo } from './test-io.js';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase('pglite');
}, 60_000);
afterAll(async () => {
  await test?.cleanup();
});

it('a failed query is reported by its reason, without the statement or its parameters', async () => {
  const parameter = 'c_lectora-203.0.113.9';
  // A table gone from under the store (a damaged or half-migrated database) makes a real query fail.
  await test.database.query('DROP TABLE contestations CASCADE');
  const error = await createStore(test.database)
    .contestations.get(parameter)
    .then(
      () => null,
      (failure: unknown) => failure,
    );
  expect(String((error as Error).message)).toContain(parameter);
  const io = memoryIo();
  expect(reportError(error, io)).toBe(ExitCode.failure);
  expect(io.err()).toMatch(/^espectro: the database refused the query: relation "contestations" does not exist/);
  expect(io.err()).not.toContain(parameter);
  expect(io.err()).not.toMatch(/SELECT|params/i);
});
