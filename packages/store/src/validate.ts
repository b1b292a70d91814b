import type { z } from 'zod';
import { StoreError } from './errors.js';
import { formatIssuePath } from '@espectro/methodology';

/** Parses repository input with a zod schema; bad input throws `StoreError` `invalid_input` naming the field. */
export function parseStoreInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  operation: string,
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? formatIssuePath(issue.path, { indices: 'bracketed' }) : '';
  throw new StoreError({
    code: 'invalid_input',
    operation,
    field: field || undefined,
    message: `${field || 'input'}: ${issue.message}`,
    data: { issues: result.error.issues },
    cause: result.error,
  });
}
