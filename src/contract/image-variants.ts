/**
 * Smaller copies of uploaded images, for phones: the server keeps an upload at most
 * MAX_IMAGE_SIDE pixels on its longest side, and answers `/media/images/<file>?w=<width>`
 * for each of IMAGE_VARIANT_WIDTHS with a WebP copy that wide (never wider than the original),
 * made on the first request and stored (server/plugins/image-variants.ts). The PWA lists them
 * in `srcset`, so a phone fetches the copy that fits its screen. Without zod: public pages
 * use it on their first visit.
 */

/** Widths (px) of the WebP copies of an uploaded image. */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1440] as const;

/** The longest side (px) an uploaded image is kept at. */
export const MAX_IMAGE_SIDE = 2560;

/** The path of an uploaded still image (PNG, JPEG, WebP) the server makes smaller copies of; GIFs may be animations. */
export const IMAGE_WITH_VARIANTS = /^\/media\/images\/[\w./-]+\.(?:png|jpe?g|webp)$/i;

/** True for an uploaded still image the server makes smaller copies of (IMAGE_WITH_VARIANTS). */
export const hasImageVariants = (src: string): boolean => IMAGE_WITH_VARIANTS.test(src);

/** The URL of the copy `width` pixels wide. */
export const imageVariantUrl = (src: string, width: number): string => `${src}?w=${width}`;

/**
 * The `srcset` of an uploaded image's copies, or undefined for any other image.
 * `intrinsicWidth`, when the image's own width is known, lists only the copies narrower than
 * it, and the original at its width: a copy is never wider than its original, and a `w`
 * descriptor that overstated it would make the browser draw an image without a CSS width too
 * small. Without it every copy is listed: for a box whose size CSS sets (a cover).
 */
export function imageSrcSet(src: string, intrinsicWidth?: number): string | undefined {
  if (!hasImageVariants(src)) return undefined;
  if (intrinsicWidth === undefined) return IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantUrl(src, width)} ${width}w`).join(', ');
  const smaller = IMAGE_VARIANT_WIDTHS.filter((width) => width < intrinsicWidth);
  if (smaller.length === 0) return undefined;
  return [...smaller.map((width) => `${imageVariantUrl(src, width)} ${width}w`), `${src} ${Math.round(intrinsicWidth)}w`].join(', ');
}

/** The `sizes` of an image shown full width on a narrow screen, and at most `width` px wide. */
export const imageSizes = (width: number): string => `(max-width: ${width}px) 100vw, ${width}px`;

/**
 * The width (px) a book's cover is drawn at on its card, the copy the browser picks depends on
 * it. A cover is drawn whole in a box 200 px high (SPEC §9), so a portrait or square one, as
 * book covers are, is at most 200 px wide, whatever the card's width: at 300 px a phone drawing
 * a 3:4 cover 150 px wide fetched the 960 px copy (for the demo covers 1.5 times the 480 px
 * one's bytes) before its list could show.
 */
export const BOOK_COVER_WIDTH = 200;
