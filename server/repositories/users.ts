import { sql, type Kysely } from 'kysely';
import { normalizeEmail } from '../../src/contract/email';
import type { SessionUser } from '../../src/contract/session';
import type { Database, NewUser, User } from '../db/schema';
import { nowIso } from '../lib/time';
import { VersionedCache } from './versioned-cache';
import { PreparedQuery } from './prepared';

/** The user as the API sees them right now: account plus organization and role. */
export interface AccountUser extends SessionUser {
  is_active: boolean;
  bio: string;
  phone_number: string;
  date_joined: string;
  membership_id: number | null;
  /** Tokens and reset links issued under another epoch are refused (migrations/007-session-epoch.ts). */
  session_epoch: number;
}

export class UsersRepository {
  /** Every authenticated request's one query: primary key, unique membership, primary key. */
  private readonly sessionUserQuery = new PreparedQuery(1, (id: number) => this.accountQuery().where('u.id', '=', id));
  /** The versions of the book content and of the accounts (migrations 004 and 006): two key lookups, one query. */
  private readonly stateQuery = new PreparedQuery(0, () =>
    this.db
      .selectFrom(['content_state as c', 'account_state as a'])
      .select(['c.version as content_version', 'a.version as account_version'])
      .where('c.id', '=', sql.lit(1))
      .where('a.id', '=', sql.lit(1)),
  );
  /**
   * Session users as `sessionUser` read them, by id, kept while the accounts version they were
   * read under is current (any write to users, memberships or organizations raises it).
   */
  private readonly requestUsers = new VersionedCache<number, AccountUser | undefined>(10_000);

  constructor(private readonly db: Kysely<Database>) {}

  findByEmail(email: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  }

  async anyExists(): Promise<boolean> {
    return Boolean(await this.db.selectFrom('users').select('id').limit(1).executeTakeFirst());
  }

  findById(id: number): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async create(user: Omit<NewUser, 'date_joined'>): Promise<User> {
    return this.db
      .insertInto('users')
      .values({ ...user, email: normalizeEmail(user.email), date_joined: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, changes: Partial<Omit<NewUser, 'id'>>): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }

  /**
   * Ends every session of the account: its epoch goes up, so every access token, refresh token
   * and reset link issued before is refused from the commit on, including a refresh token that a
   * rotation racing this write inserts afterwards (it carries the old epoch). Its refresh tokens
   * are marked revoked as well, so the table says what is still live. Answers the new epoch.
   */
  async signOutEverywhere(id: number): Promise<number> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({ session_epoch: eb('session_epoch', '+', 1) }))
      .where('id', '=', id)
      .returning('session_epoch')
      .executeTakeFirstOrThrow();
    await this.db.updateTable('refresh_tokens').set({ revoked_at: nowIso() }).where('user_id', '=', id).where('revoked_at', 'is', null).execute();
    return Number(row.session_epoch);
  }

  private accountQuery() {
    return this.db
      .selectFrom('users as u')
      .leftJoin('memberships as m', 'm.user_id', 'u.id')
      .leftJoin('organizations as o', 'o.id', 'm.organization_id')
      .select([
        'u.id',
        'u.email',
        'u.password_hash',
        'u.full_name',
        'u.bio',
        'u.phone_number',
        'u.date_joined',
        'u.is_superuser',
        'u.is_staff',
        'u.is_active',
        'u.session_epoch',
        'm.id as membership_id',
        'm.role',
        'o.id as organization_id',
        'o.name as organization_name',
      ]);
  }

  private static toAccount(row: NonNullable<Awaited<ReturnType<ReturnType<UsersRepository['accountQuery']>['executeTakeFirst']>>>): AccountUser {
    return {
      user_id: row.id,
      email: row.email,
      full_name: row.full_name,
      bio: row.bio,
      phone_number: row.phone_number,
      date_joined: row.date_joined,
      organization_id: row.organization_id ?? null,
      organization_name: row.organization_name ?? null,
      organization_role: row.role ?? null,
      membership_id: row.membership_id ?? null,
      is_superuser: Boolean(row.is_superuser),
      is_staff: Boolean(row.is_staff),
      is_active: Boolean(row.is_active),
      session_epoch: Number(row.session_epoch),
    };
  }

  /**
   * The user as the API sees them right now, read from the database on every request so that
   * a removed admin loses their rights at once.
   */
  async sessionUser(id: number): Promise<AccountUser | undefined> {
    const row = await this.sessionUserQuery.executeTakeFirst(this.db, id);
    return row ? UsersRepository.toAccount(row) : undefined;
  }

  /**
   * What a request needs first: the version of the book content at that moment, which says
   * whether answers built from the content earlier can be reused (repositories/versioned-cache.ts),
   * and its user as `sessionUser` reads them. The user is read again only when an account,
   * membership or organization has been written since it was last read (by anyone: the version
   * is raised by triggers in the writer's transaction), so a request never sees a user older
   * than the database held when it started.
   */
  async requestUser(id: number): Promise<{ user: AccountUser; contentVersion: number | null } | undefined> {
    const state = await this.stateQuery.executeTakeFirst(this.db);
    const contentVersion = state ? Number(state.content_version) : null;
    const user = await this.requestUsers.get(id, state ? Number(state.account_version) : null, async () => {
      // Shared by the requests that follow: frozen, so none can change it for the others.
      const found = await this.sessionUser(id);
      return found && Object.freeze(found);
    });
    return user ? { user, contentVersion } : undefined;
  }

  /** Login's one lookup: the account with its password hash, by email. */
  async findForLogin(email: string): Promise<{ user: AccountUser; passwordHash: string } | undefined> {
    const row = await this.accountQuery().where('u.email', '=', normalizeEmail(email)).executeTakeFirst();
    return row ? { user: UsersRepository.toAccount(row), passwordHash: row.password_hash } : undefined;
  }
}
