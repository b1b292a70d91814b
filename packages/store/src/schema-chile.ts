/**
 * Drizzle tables of the Chilean headline classifier (seed 004), declared from
 * `migrations/0006_chile.sql` (the SQL is the source of truth; the store's schema test compares them).
 */
import { HeadlineClassSchema, type HeadlineClass } from '@espectro/methodology';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Classified headlines of the monitored Chilean outlets: title and bajada only (rule HC-2), the
 * HC-1 class with the backend that made it, the evidence phrase and the LINK-1 boletín numbers.
 */
export const chileHeadlines = pgTable(
  'chile_headlines',
  {
    id: text('id').primaryKey(),
    outlet: text('outlet').notNull(),
    url: text('url').notNull(),
    publishedAt: instant('published_at').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    // HC-1 classes from @espectro/methodology; NULL = an LLM answer was rejected.
    class: text('class', { enum: HeadlineClassSchema.options as [HeadlineClass, ...HeadlineClass[]] }),
    backend: text('backend').notNull(),
    evidence: text('evidence'),
    evidenceField: text('evidence_field', { enum: ['title', 'description'] }),
    rejection: text('rejection'),
    boletines: jsonb('boletines')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    trace: jsonb('trace')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    firstSeenAt: instant('first_seen_at').notNull(),
    classifiedAt: instant('classified_at').notNull(),
  },
  (table) => [
    index('chile_headlines_published').on(table.publishedAt, table.id),
    index('chile_headlines_class').on(table.class, table.publishedAt),
    index('chile_headlines_outlet').on(table.outlet, table.publishedAt),
  ],
);
