/** Every query key of the books feature, from one factory: invalidation goes by prefix. */
export const bookKeys = {
  all: ['books'] as const,
  lists: () => [...bookKeys.all, 'list'] as const,
  details: () => [...bookKeys.all, 'detail'] as const,
  detail: (bookId: number) => [...bookKeys.details(), bookId] as const,
  /** Under the book's detail key, so invalidating a book refreshes its chapters too. */
  chapters: (bookId: number) => [...bookKeys.detail(bookId), 'chapters'] as const,
};
