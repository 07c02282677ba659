/**
 * Every repository over one Kysely handle, and `transaction(fn)`: `fn` gets the same
 * repositories bound to one database transaction (committed when it resolves, rolled back
 * when it throws). Inside a transaction, `transaction(fn)` joins it. Only this folder
 * touches Kysely.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';
import { AssignmentsRepository } from './assignments';
import { BooksRepository } from './books';
import { ChaptersRepository } from './chapters';
import { ContactMessagesRepository } from './contact-messages';
import { HealthRepository } from './health';
import { MediaRepository } from './media';
import { OrganizationsRepository } from './organizations';
import { PasswordResetsRepository } from './password-resets';
import { PracticeRepository } from './practice';
import { ProgressRepository } from './progress';
import { QuizzesRepository } from './quizzes';
import { RefreshTokensRepository } from './refresh-tokens';
import { ReviewRepository } from './review';
import { ScoresRepository } from './scores';
import { SearchRepository } from './search';
import { UsersRepository } from './users';

export interface Repositories {
  users: UsersRepository;
  organizations: OrganizationsRepository;
  refreshTokens: RefreshTokensRepository;
  passwordResets: PasswordResetsRepository;
  books: BooksRepository;
  chapters: ChaptersRepository;
  quizzes: QuizzesRepository;
  scores: ScoresRepository;
  search: SearchRepository;
  media: MediaRepository;
  contactMessages: ContactMessagesRepository;
  health: HealthRepository;
  progress: ProgressRepository;
  assignments: AssignmentsRepository;
  review: ReviewRepository;
  practice: PracticeRepository;
  /** Runs `fn` with repositories bound to one transaction (or the caller's, when already in one). */
  transaction<T>(fn: (repos: Repositories) => Promise<T>): Promise<T>;
}

export function createRepositories(db: Kysely<Database>, dialect: Dialect): Repositories {
  const search = new SearchRepository(db, dialect);
  const repos: Repositories = {
    users: new UsersRepository(db),
    organizations: new OrganizationsRepository(db),
    refreshTokens: new RefreshTokensRepository(db, dialect),
    passwordResets: new PasswordResetsRepository(db),
    books: new BooksRepository(db, search),
    chapters: new ChaptersRepository(db, search),
    quizzes: new QuizzesRepository(db),
    scores: new ScoresRepository(db, dialect),
    search,
    media: new MediaRepository(db),
    contactMessages: new ContactMessagesRepository(db),
    health: new HealthRepository(db),
    progress: new ProgressRepository(db),
    assignments: new AssignmentsRepository(db),
    review: new ReviewRepository(db),
    practice: new PracticeRepository(db, dialect),
    transaction: (fn) => (db.isTransaction ? fn(repos) : db.transaction().execute((trx) => fn(createRepositories(trx, dialect)))),
  };
  return repos;
}
