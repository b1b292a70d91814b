/**
 * Paginated lists (`/archivo`, `/temas/[tema]`, `/retenidas`): page 1 lives at the list's base
 * path, page N ≥ 2 at `<base>/N` (`/retenidas/pagina/N`, beside the held stories' own pages:
 * {@link HELD_PAGES}). The same functions give the static build its paths and the
 * served site its answer to a requested page, so both modes agree on which pages exist.
 */

/** Stories per page of the archive, topic and held lists (keeps every list page small). */
export const STORY_PAGE_SIZE = 30;

/** Number of pages of a list of `total` items (at least one: an empty list still has its page). */
export function pageCount(total: number, size: number = STORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The page number a rest parameter names, or `undefined` when that page does not exist: no
 * parameter is page 1; `"2"`…`"<pages>"` are pages 2…pages; `"1"` (page 1 has no number in its
 * URL), leading zeros, anything else and pages past the end do not exist.
 *
 * @example
 * pageNumberOf(undefined, 3); // 1
 * pageNumberOf('3', 3); // 3
 * pageNumberOf('4', 3); // undefined
 * pageNumberOf('1', 3); // undefined
 */
export function pageNumberOf(parameter: string | undefined, pages: number): number | undefined {
  if (parameter === undefined || parameter === '') return 1;
  if (!/^[1-9][0-9]*$/.test(parameter)) return undefined;
  const page = Number(parameter);
  return page >= 2 && page <= pages ? page : undefined;
}

/** The rest parameter of page `page` (`undefined` for page 1). */
export function pageParameter(page: number): string | undefined {
  return page === 1 ? undefined : String(page);
}

/** Every page's rest parameter, for `getStaticPaths`. */
export function pageParameters(total: number, size: number = STORY_PAGE_SIZE): (string | undefined)[] {
  return Array.from({ length: pageCount(total, size) }, (_, index) => pageParameter(index + 1));
}

/** The URL of page `page` of the list at `base` (`/archivo`, `/archivo/2`). */
export function pagePath(base: string, page: number): string {
  return listPagePath({ first: base, rest: base }, page);
}

/** Where a list's pages live: page 1 at `first`, page N ≥ 2 at `<rest>/N`. */
export interface ListPaths {
  first: string;
  rest: string;
}

/**
 * The held list's pages: `/retenidas`, then `/retenidas/pagina/2`… — `/retenidas/<id>` is a held
 * story's review page, so the numbered pages have their own folder.
 */
export const HELD_PAGES: ListPaths = { first: '/retenidas', rest: '/retenidas/pagina' };

/** The URL of page `page` of a list at `paths`. */
export function listPagePath(paths: ListPaths, page: number): string {
  return page === 1 ? paths.first : `${paths.rest}/${page}`;
}

/** The items of page `page`. */
export function pageItems<Item>(items: readonly Item[], page: number, size: number = STORY_PAGE_SIZE): Item[] {
  return items.slice((page - 1) * size, page * size);
}

/** One page of a list: its items and the links around it. */
export interface ListPage<Item> {
  page: number;
  pages: number;
  items: Item[];
  previous: string | undefined;
  next: string | undefined;
}

/**
 * The page a rest parameter asks for of `items` listed at `base`, or `undefined` when it does not
 * exist (the page answers 404).
 *
 * @example
 * listPage(stories, '2', '/archivo')?.previous; // '/archivo'
 */
export function listPage<Item>(
  items: readonly Item[],
  parameter: string | undefined,
  base: string | ListPaths,
  size: number = STORY_PAGE_SIZE,
): ListPage<Item> | undefined {
  const pages = pageCount(items.length, size);
  const page = pageNumberOf(parameter, pages);
  if (page === undefined) return undefined;
  const paths = typeof base === 'string' ? { first: base, rest: base } : base;
  return {
    page,
    pages,
    items: pageItems(items, page, size),
    previous: page > 1 ? listPagePath(paths, page - 1) : undefined,
    next: page < pages ? listPagePath(paths, page + 1) : undefined,
  };
}
