/**
 * Table types for Kysely. The same tables on SQLite and PostgreSQL: flags are 0/1 integers,
 * times are ISO-8601 UTC strings (sortable as text), JSON documents are text.
 */
import type { Generated, Insertable, Selectable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  full_name: string;
  bio: string;
  phone_number: string;
  is_superuser: number;
  is_staff: number;
  is_active: number;
  date_joined: string;
  /** Raised to end every session of the account (migrations/007-session-epoch.ts). */
  session_epoch: Generated<number>;
}

export type { OrganizationRole } from '../../src/contract/session';
import type { OrganizationRole } from '../../src/contract/session';

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  owner_id: number | null;
  created_at: string;
}

export interface MembershipsTable {
  id: Generated<number>;
  organization_id: number;
  user_id: number;
  role: OrganizationRole;
  created_at: string;
}

/** A pending invitation to an organization, by address (migrations/009-invitations.ts). */
export interface OrganizationInvitationsTable {
  id: Generated<number>;
  organization_id: number;
  email: string;
  role: OrganizationRole;
  invited_by: number | null;
  created_at: string;
}

export interface RefreshTokensTable {
  jti: string;
  family_id: string;
  user_id: number;
  issued_at: string;
  expires_at: string;
  family_expires_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
}

export interface BooksTable {
  id: Generated<number>;
  title: string;
  author: string;
  description: string;
  cover_image_url: string;
  owner_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ChaptersTable {
  id: Generated<number>;
  book_id: number;
  title: string;
  content_delta: string | null;
  order: number;
  created_at: string;
  updated_at: string;
}

export interface QuizzesTable {
  id: Generated<number>;
  book_id: number;
  title: string;
  current_version: number;
  created_at: string;
  updated_at: string;
}

export interface QuizVersionsTable {
  id: Generated<number>;
  quiz_id: number;
  version: number;
  quiz_data: string;
  created_by: number | null;
  created_at: string;
}

export interface QuizScoresTable {
  id: Generated<number>;
  user_id: number;
  quiz_id: number | null;
  quiz_title: string;
  quiz_version: number | null;
  correct_answers: number;
  total_questions: number;
  client_attempt_id: string | null;
  answers: string | null;
  /** When the attempt ended, as the server takes it: the device's time, never later than received_at. */
  submitted_at: string;
  received_at: string;
  /** The completion time the device sent, as it sent it (its clock may be off); null when none was sent. */
  client_completed_at: string | null;
}

/** One row (id 1) kept by triggers: see migrations/004-content-state.ts. */
export interface ContentStateTable {
  id: number;
  version: number;
  book_count: number;
}

/** One row (id 1) kept by triggers: see migrations/006-account-state.ts. */
export interface AccountStateTable {
  id: number;
  version: number;
}

/** Each user's number of score records, kept by triggers: see migrations/005-score-counts.ts. */
export interface UserScoreCountsTable {
  user_id: number;
  count: number;
}

export interface MediaFilesTable {
  id: Generated<number>;
  path: string;
  kind: 'image' | 'video';
  content_type: string;
  size: number;
  uploaded_by: number | null;
  created_at: string;
}

/**
 * The full-text index: one row per book and per chapter block with text (migrations/011-search.ts,
 * written by db/search-index.ts). On PostgreSQL it also has its `document` tsvector; on SQLite
 * its terms live in the FTS5 table `search_fts` under the same id.
 */
export interface SearchEntriesTable {
  id: Generated<number>;
  book_id: number;
  chapter_id: number | null;
  /** The block's index in the chapter's document; null for a book's own entry. */
  block: number | null;
  text: string;
}

/** The first time a user read a chapter (its end on screen): migrations/012-progress.ts. */
export interface ChapterReadsTable {
  user_id: number;
  chapter_id: number;
  book_id: number;
  first_read_at: string;
  client_event_id: string;
  received_at: string;
}

/** When the server last received a score or a reading batch from the user. */
export interface LearnerSyncTable {
  user_id: number;
  last_synced_at: string;
}

export interface AssignmentsTable {
  id: Generated<number>;
  organization_id: number;
  book_id: number;
  to_all: number;
  /** 'YYYY-MM-DD' or null. */
  due_date: string | null;
  note: string;
  pass_mark: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface AssignmentMembersTable {
  assignment_id: number;
  user_id: number;
}

/** Per user and book, kept by triggers (migrations/012-progress.ts). */
export interface BookProgressTable {
  user_id: number;
  book_id: number;
  chapters_read: number;
  attempts: number;
  best_ratio: number | null;
  last_activity: string | null;
}

/** A question a user missed, to review (migrations/013-review.ts). */
export interface ReviewCardsTable {
  user_id: number;
  quiz_id: number;
  question_id: string;
  book_id: number;
  created_at: string;
  missed_version: number;
  fingerprint: string;
}

/** One review of a card, stored once per (user_id, client_event_id). */
export interface ReviewEventsTable {
  id: Generated<number>;
  user_id: number;
  client_event_id: string;
  quiz_id: number;
  question_id: string;
  rating: string;
  reviewed_at: string;
  received_at: string;
}

/** A drill of the practice log (migrations/014-practice.ts); `penalties` and `instructions` are JSON text. */
export interface DrillsTable {
  id: Generated<number>;
  name: string;
  instructions: string | null;
  target_seconds: number;
  penalties: string;
  consecutive_passes: number;
  further_passes: number;
  max_repetitions: number | null;
  created_at: string;
  updated_at: string;
}

/** One timed repetition, stored once per (user_id, client_id), scored when it arrived. */
export interface RepetitionsTable {
  id: Generated<number>;
  user_id: number;
  drill_id: number;
  client_id: string;
  time_ms: number;
  /** JSON: `[{penalty, label, seconds, count}]` as scored. */
  penalties: string;
  score_ms: number;
  target_seconds: number;
  passed: number;
  performed_at: string;
  created_at: string;
  verified_by_id: number | null;
  verified_at: string | null;
}

export interface Database {
  users: UsersTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  organization_invitations: OrganizationInvitationsTable;
  refresh_tokens: RefreshTokensTable;
  books: BooksTable;
  chapters: ChaptersTable;
  quizzes: QuizzesTable;
  quiz_versions: QuizVersionsTable;
  quiz_scores: QuizScoresTable;
  media_files: MediaFilesTable;
  content_state: ContentStateTable;
  account_state: AccountStateTable;
  user_score_counts: UserScoreCountsTable;
  search_entries: SearchEntriesTable;
  chapter_reads: ChapterReadsTable;
  learner_sync: LearnerSyncTable;
  assignments: AssignmentsTable;
  assignment_members: AssignmentMembersTable;
  book_progress: BookProgressTable;
  review_cards: ReviewCardsTable;
  review_events: ReviewEventsTable;
  drills: DrillsTable;
  repetitions: RepetitionsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Book = Selectable<BooksTable>;
export type Chapter = Selectable<ChaptersTable>;
export type QuizScore = Selectable<QuizScoresTable>;
