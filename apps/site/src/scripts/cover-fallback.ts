/**
 * The cover images' fallback: an image that does not load (the outlet's server is away, the
 * address is gone) gives way to the neutral placeholder drawn behind it, instead of a broken-image
 * icon. Bundled as an external module (no inline handler, so a strict Content-Security-Policy
 * holds). The placeholder is presentation only: the story still counts as having the image it
 * has, and one without stays `no_image` for the publish guard.
 */

/** The attribute a cover's `<figure>` gets when its image failed; the stylesheet shows the placeholder. */
export const COVER_FAILED_ATTRIBUTE = 'data-cover-failed';

function markFailed(image: HTMLImageElement): void {
  image.closest('[data-cover]')?.setAttribute(COVER_FAILED_ATTRIBUTE, '');
}

/**
 * Watches every cover image of `root`: one that already failed before this ran (module scripts
 * run after parsing) is marked now, the others when their `error` event fires (lazy ones later).
 */
export function watchCoverImages(root: Document): void {
  for (const image of root.querySelectorAll<HTMLImageElement>('img[data-cover-image]')) {
    if (image.complete && image.naturalWidth === 0 && image.currentSrc !== '') markFailed(image);
    else image.addEventListener('error', () => markFailed(image), { once: true });
  }
}
