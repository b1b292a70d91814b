/**
 * What a dynamic page answers when the item its URL names does not exist. Prerendered (static
 * mode), a page only runs for the paths its `getStaticPaths` listed; rendered on demand (served
 * mode), it runs for any path matching its pattern, so it looks the item up from `Astro.params`
 * and returns {@link notFound} when there is none — never relying on `Astro.props`.
 *
 * @example
 * // src/pages/historia/[id].astro
 * const story = await data.getStory(Astro.params.id ?? '');
 * if (story === undefined) return notFound();
 */

/**
 * A 404 response without a body: Astro renders `src/pages/404.astro` for it (with its status),
 * so a missing story looks like any other missing page.
 */
export function notFound(): Response {
  return new Response(null, { status: 404, statusText: 'Not Found' });
}
