/**
 * A book id is a positive integer; anything else is a book that does not exist. Plain code in a
 * module of its own: route params are parsed in the entry chunk, so nothing else (zod, Dexie)
 * may come with it to a first visit to /.
 */
export const parseBookId = (bookId: string) => (/^[1-9]\d{0,15}$/.test(bookId) ? Number(bookId) : 0);
