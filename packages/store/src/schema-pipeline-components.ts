/**
 * Drizzle table of `migrations/0002_pipeline_components.sql`: the linked component (CLU-3) of every
 * clustered article, which tells the cluster stage which archive articles a new batch can reach.
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Article → its linked component under one embedder (named by the component's smallest article
 * id; see `ClusteringUpdate.linkedComponents` in `@espectro/clustering`).
 */
export const articleComponents = pgTable(
  'article_components',
  {
    articleId: text('article_id').primaryKey(),
    componentId: text('component_id').notNull(),
    embedder: text('embedder').notNull(),
  },
  (table) => [index('article_components_component').on(table.componentId)],
);
