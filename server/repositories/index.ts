import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { BooksRepository } from './books';
import { ChaptersRepository } from './chapters';
import { MediaRepository } from './media';
import { OrganizationsRepository } from './organizations';
import { QuizzesRepository } from './quizzes';
import { RefreshTokensRepository } from './refresh-tokens';
import { ScoresRepository } from './scores';
import { UsersRepository } from './users';

export function createRepositories(db: Kysely<Database>) {
  return {
    users: new UsersRepository(db),
    organizations: new OrganizationsRepository(db),
    refreshTokens: new RefreshTokensRepository(db),
    books: new BooksRepository(db),
    chapters: new ChaptersRepository(db),
    quizzes: new QuizzesRepository(db),
    scores: new ScoresRepository(db),
    media: new MediaRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
