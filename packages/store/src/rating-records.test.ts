/**
 * The database RatingRecordStore passes the contract of @espectro/rating/testing on every backend
 * (PGlite always, PostgreSQL when ESPECTRO_TEST_DATABASE_URL is set).
 */
import { ratingRecordStoreContract } from '@espectro/rating/testing';
import { afterAll, beforeAll, describe } from 'vitest';
import { createStoreRatingRecordStore } from './rating-records.js';
import { createTestDatabase, testBackends, type TestDatabase } from './testing/index.js';

for (const backend of testBackends()) {
  describe(`RatingRecordStore on ${backend}`, () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await createTestDatabase(backend);
    }, 120_000);
    afterAll(async () => {
      await test?.cleanup();
    });
    ratingRecordStoreContract(
      async () => {
        await test.database.query('TRUNCATE sources CASCADE');
        return createStoreRatingRecordStore(test.database.db);
      },
      { name: backend },
    );
  });
}
