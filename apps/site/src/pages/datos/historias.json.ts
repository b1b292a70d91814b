import type { APIRoute } from 'astro';
import { getSiteData } from '../../lib/data.js';
import { storyRecord } from '../../lib/open-data.js';

export const GET: APIRoute = async ({ site }) => {
  const data = await getSiteData();
  const stories = await data.listStories();
  const siteUrl = site?.href ?? '';
  return Response.json({ source: data.source, stories: stories.map((story) => storyRecord(story, siteUrl)) });
};
