import type { CheckRepository } from '@espectro/factcheck';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreCheckRepository } from './checks.js';
import { createTestDatabase, type TestDatabase } from './testing/index.js';

describe('check repository', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
  }, 60_000);
  afterAll(async () => {
    await test?.cleanup();
  });

  it('implements the CheckRepository interface of @espectro/factcheck', () => {
    type Check = Parameters<CheckRepository['saveCheck']>[0];
    const repository: CheckRepository = createStoreCheckRepository<Check>(test.database);
    expect(typeof repository.earlierChecks).toBe('function');
  });
});
