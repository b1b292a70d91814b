/**
 * A failed query is described without its SQL or parameters (issue 21 §6): Drizzle's query error
 * quotes the whole statement with every value; `describeStoreFailure` keeps the database's reason.
 * Real databases: PGlite always, PostgreSQL when ESPECTRO_TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStoreFailure, StoreError } from './errors.js';
import { createTestDatabase, testBackends, type TestDatabase } from './testing/index.js';

const SECRET_PARAMETER = 'texto privado de una lectora 0xC0FFEE';

for (const backend of testBackends()) {
  describe(`describeStoreFailure on ${backend}`, () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await createTestDatabase(backend);
      await test.database.db.execute(sql`CREATE TABLE described_failures (id text PRIMARY KEY, body text)`);
    }, 60_000);
    afterAll(async () => {
      await test?.cleanup();
    });

    const failure = async (work: () => Promise<unknown>): Promise<unknown> =>
      work().then(
        () => {
          throw new Error('the query was expected to fail');
        },
        (error: unknown) => error,
      );

    it('a duplicate key: the reason, SQLSTATE and constraint, what to do, and no SQL or parameter', async () => {
      await test.database.db.execute(sql`INSERT INTO described_failures VALUES ('a1', ${SECRET_PARAMETER})`);
      const error = await failure(() =>
        test.database.db.execute(sql`INSERT INTO described_failures VALUES ('a1', ${SECRET_PARAMETER})`),
      );
      // What Drizzle itself says: the statement and the parameter.
      expect((error as Error).message).toContain(SECRET_PARAMETER);
      const described = describeStoreFailure(error);
      expect(described).toMatch(/^the database refused the query: duplicate key value violates unique constraint/);
      expect(described).toContain('SQLSTATE 23505');
      expect(described).toContain('another process may be writing to this database at the same time');
      expect(described).not.toContain(SECRET_PARAMETER);
      expect(described).not.toMatch(/INSERT|described_failures VALUES|params/i);
    });

    it('wrapped in a StoreError, the operation stays and the dump goes', async () => {
      const cause = await failure(() =>
        test.database.db.execute(sql`SELECT * FROM no_such_table WHERE body = ${SECRET_PARAMETER}`),
      );
      const wrapped = new StoreError({ code: 'conflict', operation: 'contestations.create', message: 'failed', cause });
      const described = describeStoreFailure(wrapped);
      expect(described).toMatch(/^@espectro\/store contestations\.create: failed: the database refused the query: /);
      expect(described).toContain('SQLSTATE 42P01');
      expect(described).not.toContain('another process');
      expect(described).not.toContain(SECRET_PARAMETER);
    });
  });
}

describe('describeStoreFailure on other errors', () => {
  it('keeps their message', () => {
    expect(describeStoreFailure(new Error('disk full'))).toBe('disk full');
    expect(describeStoreFailure('plain')).toBe('plain');
  });
});
