import type { SessionUser } from '../../lib/session';
import type { Book } from './api/types';

/** SPEC §6: chapter editing controls for a signed-in superuser or the book's owner. */
export function canEditChapters(user: SessionUser | null, book: Pick<Book, 'owner'>): boolean {
  if (!user) return false;
  return user.is_superuser === true || (book.owner !== null && user.user_id === book.owner);
}

/** SPEC §6: creating and deleting books is for superusers. */
export function canManageBooks(user: SessionUser | null): boolean {
  return user?.is_superuser === true;
}
