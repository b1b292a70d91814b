import { fc, test as property } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { topicOfSlug, TOPIC_SLUGS } from '../i18n.js';
import { prerenderInMode, routeMode, SiteModeError, siteModeOf } from '../integrations/route-mode.js';
import { HELD_PAGES, listPage, pageCount, pageNumberOf, pageParameters, pagePath } from './paging.js';
import { notFound } from './routes.js';

describe('route mode', () => {
  test('is static unless the environment says served', () => {
    expect(siteModeOf({})).toBe('static');
    expect(siteModeOf({ ESPECTRO_SITE_MODE: '' })).toBe('static');
    expect(siteModeOf({ ESPECTRO_SITE_MODE: 'static' })).toBe('static');
    expect(siteModeOf({ ESPECTRO_SITE_MODE: ' served ' })).toBe('served');
  });

  test('refuses an unknown mode, naming the variable and the choices', () => {
    expect(() => siteModeOf({ ESPECTRO_SITE_MODE: 'server' })).toThrow(SiteModeError);
    expect(() => siteModeOf({ ESPECTRO_SITE_MODE: 'server' })).toThrow(/ESPECTRO_SITE_MODE="server".*static, served/);
  });

  test('served renders every route on demand; static keeps what each page declares', () => {
    for (const declared of [true, false, undefined]) {
      expect(prerenderInMode('served', declared)).toBe(false);
      expect(prerenderInMode('static', declared)).toBe(declared);
    }
  });

  test('the integration sets each route on astro:route:setup', async () => {
    const route = { component: 'src/pages/historia/[id].astro', prerender: undefined as boolean | undefined };
    const hook = routeMode('served').hooks['astro:route:setup']!;
    await hook({ route, logger: undefined as never });
    expect(route.prerender).toBe(false);
    const contest = { component: 'src/pages/contestar.astro', prerender: false as boolean | undefined };
    await routeMode('static').hooks['astro:route:setup']!({ route: contest, logger: undefined as never });
    expect(contest.prerender).toBe(false);
  });

  test('a missing item answers 404 with no body, so Astro renders the not-found page', () => {
    const response = notFound();
    expect(response.status).toBe(404);
    expect(response.body).toBeNull();
  });
});

describe('paging', () => {
  test('page 1 has no number; pages 2…N have theirs; anything else does not exist', () => {
    expect(pageNumberOf(undefined, 3)).toBe(1);
    expect(pageNumberOf('', 3)).toBe(1);
    expect(pageNumberOf('2', 3)).toBe(2);
    expect(pageNumberOf('3', 3)).toBe(3);
    for (const missing of ['1', '0', '4', '02', '2/3', '-2', '2.0', 'dos', ' 2'])
      expect(pageNumberOf(missing, 3), missing).toBeUndefined();
  });

  test('an empty list still has its first page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageParameters(0)).toEqual([undefined]);
    expect(listPage([], undefined, '/archivo')).toEqual({
      page: 1,
      pages: 1,
      items: [],
      previous: undefined,
      next: undefined,
    });
  });

  property.prop([fc.nat({ max: 400 }), fc.integer({ min: 1, max: 50 })])(
    'the static paths are exactly the pages the served site answers, and they cover every item once',
    (total, size) => {
      const items = Array.from({ length: total }, (_, index) => index);
      const pages = pageCount(total, size);
      const listed = pageParameters(total, size);
      expect(listed).toHaveLength(pages);
      const seen: number[] = [];
      listed.forEach((parameter, index) => {
        const list = listPage(items, parameter, '/archivo', size)!;
        expect(list.page).toBe(index + 1);
        expect(list.items.length).toBeLessThanOrEqual(size);
        expect(list.previous).toBe(index === 0 ? undefined : pagePath('/archivo', index));
        expect(list.next).toBe(index + 1 === pages ? undefined : pagePath('/archivo', index + 2));
        seen.push(...list.items);
      });
      expect(seen).toEqual(items);
      expect(listPage(items, String(pages + 1), '/archivo', size)).toBeUndefined();
    },
  );

  test("the held list numbers its pages in their own folder, apart from the held stories' pages", () => {
    const held = Array.from({ length: 65 }, (_, index) => index);
    expect(listPage(held, undefined, HELD_PAGES)).toMatchObject({ page: 1, pages: 3, next: '/retenidas/pagina/2' });
    expect(listPage(held, '2', HELD_PAGES)).toMatchObject({ previous: '/retenidas', next: '/retenidas/pagina/3' });
    expect(listPage(held, '3', HELD_PAGES)?.items).toEqual(held.slice(60));
    expect(listPage(held, '1', HELD_PAGES)).toBeUndefined();
  });
});

describe('topic slugs', () => {
  test('every slug names its topic and nothing else does', () => {
    for (const [topic, slug] of Object.entries(TOPIC_SLUGS)) expect(topicOfSlug(slug)).toBe(topic);
    expect(topicOfSlug('politics')).toBeUndefined();
    expect(topicOfSlug('')).toBeUndefined();
  });
});
