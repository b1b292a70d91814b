import { describe, expect, test } from 'vitest';
import { openDatabase, redactDatabaseUrl } from './index.js';

describe('database URLs are masked in every form (issue 21 §7)', () => {
  test('the user password and every secret query parameter become ***', () => {
    expect(
      redactDatabaseUrl('postgres://espectro:s3cret@db.example:5432/espectro?password=hunter2&sslmode=require'),
    ).toBe('postgres://espectro:***@db.example:5432/espectro?password=***&sslmode=require');
    expect(redactDatabaseUrl('postgresql://db/x?sslpassword=k3y&PWD=p')).not.toMatch(/k3y|=p\b/);
    expect(redactDatabaseUrl('not a url with password hunter2')).toBe('postgres (unparseable URL)');
  });

  test('a failed connection names the server without the secret', async () => {
    const url = 'postgres://espectro@127.0.0.1:1/espectro?password=hunter2';
    const failure = await openDatabase({ url }).then(
      () => null,
      (error: Error) => error,
    );
    expect(failure?.message).toContain('127.0.0.1:1');
    expect(failure?.message).not.toContain('hunter2');
  });
});
