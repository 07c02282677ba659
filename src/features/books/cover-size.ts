/**
 * The size of a book's cover on its card. No imports: index.html's starter (vite.config.ts)
 * preloads the first card's cover at this width too (src/lib/early-reads.ts).
 */

/** SPEC §9: covers on the cards are 200 px high. */
export const CARD_COVER_HEIGHT = 200;

/** The width a cover is shown at, at most (the file the browser picks depends on it). */
export const COVER_WIDTH = 300;
