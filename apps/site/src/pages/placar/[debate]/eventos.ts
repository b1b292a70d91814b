/**
 * `/placar/<debate>/eventos`: the live page's Server-Sent Events (a server route: it never
 * prerenders, whatever mode the other pages are in). Resumes after `Last-Event-ID` (a reconnecting
 * browser) or `?desde=<seq>` (the id the page was rendered with).
 */
import type { APIRoute } from 'astro';
import { debateEventStream } from '../../../lib/debate-feed.js';
import { getDebateSource } from '../../../lib/debates.js';

export const prerender = false;

export const GET: APIRoute = async ({ params, request, url }) => {
  const source = await getDebateSource();
  const page = params.debate === undefined ? undefined : await source.get(params.debate);
  if (page === undefined) return new Response('debate não encontrado', { status: 404 });
  const requested = request.headers.get('last-event-id') ?? url.searchParams.get('desde');
  const afterSeq = requested !== null && /^\d+$/.test(requested) ? Number(requested) : page.lastEventSeq;
  return debateEventStream(source, page.debate.id, afterSeq, request.signal);
};
