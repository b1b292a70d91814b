/**
 * The `getStaticPaths` of the paginated lists and the page each route asks for, shared by each
 * list's Spanish page and its pt-BR copy under `/pt` (`src/lib/locales.ts`), so both locales list
 * and answer the same pages.
 */
import { TOPICS, type Topic } from '@espectro/methodology';
import { TOPIC_SLUGS, topicOfSlug } from '../i18n.js';
import { getSiteData } from './data.js';
import { HELD_PAGES, listPage, pageParameters, type ListPage } from './paging.js';
import type { SiteHeldStory, SiteStorySummary } from './types.js';

/** `/archivo/[...page]`: one entry per page of the published stories. */
export async function archiveStaticPaths(): Promise<{ params: { page: string | undefined } }[]> {
  const stories = await (await getSiteData()).listStories();
  return pageParameters(stories.length).map((page) => ({ params: { page } }));
}

/** `/temas/[tema]/[...page]`: every page of every topic (an empty topic still has its page 1). */
export async function topicStaticPaths(): Promise<{ params: { tema: string; page: string | undefined } }[]> {
  const stories = await (await getSiteData()).listStories();
  return TOPICS.flatMap((topic) =>
    pageParameters(stories.filter((story) => story.topic === topic).length).map((page) => ({
      params: { tema: TOPIC_SLUGS[topic], page },
    })),
  );
}

/** `/retenidas/pagina/[page]`: pages 2… of the held stories (page 1 is `/retenidas`). */
export async function heldStaticPaths(): Promise<{ params: { page: string | undefined } }[]> {
  const held = await (await getSiteData()).listHeldStories();
  return pageParameters(held.length)
    .slice(1)
    .map((page) => ({ params: { page } }));
}

/** The page of a topic's stories a route asks for, or `undefined` (404) for an unknown topic or page. */
export async function topicListPage(
  slug: string | undefined,
  page: string | undefined,
): Promise<{ topic: Topic; total: number; list: ListPage<SiteStorySummary> } | undefined> {
  const topic = topicOfSlug(slug ?? '');
  if (topic === undefined) return undefined;
  const stories = (await (await getSiteData()).listStories()).filter((story) => story.topic === topic);
  const list = listPage(stories, page, `/temas/${TOPIC_SLUGS[topic]}`);
  return list === undefined ? undefined : { topic, total: stories.length, list };
}

/** Page N ≥ 2 of the held stories a route asks for, or `undefined` (404). */
export async function heldListPage(
  page: string | undefined,
): Promise<{ total: number; list: ListPage<SiteHeldStory> } | undefined> {
  const held = await (await getSiteData()).listHeldStories();
  const list = page === undefined ? undefined : listPage(held, page, HELD_PAGES);
  return list === undefined ? undefined : { total: held.length, list };
}

/** `/fuentes/[domain]` (and its pt-BR copy): one entry per outlet. */
export async function outletStaticPaths(): Promise<{ params: { domain: string } }[]> {
  const outlets = await (await getSiteData()).listOutlets();
  return outlets.map((outlet) => ({ params: { domain: outlet.domain } }));
}

/** `/retenidas/[id]` (and its pt-BR copy): every held story whose data carry its review. */
export async function heldReviewStaticPaths(): Promise<{ params: { id: string } }[]> {
  const data = await getSiteData();
  const paths: { params: { id: string } }[] = [];
  for (const story of await data.listHeldStories()) {
    if ((await data.getHeldStory(story.id)) !== undefined) paths.push({ params: { id: story.id } });
  }
  return paths;
}
