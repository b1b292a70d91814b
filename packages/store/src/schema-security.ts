/**
 * Tables of the site's security (migration `0008_security.sql`): editors' server-side sessions and
 * the sign-in throttle. (`contestations.client_key` is a column of `contestations` in `schema.ts`.)
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One editor session; the cookie holds the id, the table only its SHA-256. */
export const editorSessions = pgTable(
  'editor_sessions',
  {
    idSha256: text('id_sha256').primaryKey(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [index('editor_sessions_expires').on(table.expiresAt)],
);

/** Failed editor sign-ins of one client in the current window, and its lock-out. */
export const signInFailures = pgTable('sign_in_failures', {
  clientKey: text('client_key').primaryKey(),
  failures: integer('failures').notNull(),
  firstFailedAt: instant('first_failed_at').notNull(),
  lockedUntil: instant('locked_until'),
});
