/** The demo books of a fresh installation, one file each; builders and shapes in builders.ts. */
import type { SeedBook } from './builders';
import { fundamentalsBook } from './fundamentals';
import { herniaBook } from './hernia';

export { resolveSeedMedia, seedMediaFiles, SEED_MEDIA_PREFIX, type BlockNodeJSON, type LexicalDocument, type SeedBook, type SeedChapter } from './builders';

export const demoBooks: SeedBook[] = [fundamentalsBook, herniaBook];
