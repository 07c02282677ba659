import type { Kysely } from 'kysely';
import type { SessionUser } from '../lib/tokens';
import { nowIso } from '../lib/time';
import type { Database, NewUser, User } from '../db/schema';

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByEmail(email: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  }

  findById(id: number): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async create(user: Omit<NewUser, 'date_joined'>, db: Kysely<Database> = this.db): Promise<User> {
    return db
      .insertInto('users')
      .values({ ...user, email: user.email.trim().toLowerCase(), date_joined: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, changes: Partial<Omit<NewUser, 'id'>>): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }

  /**
   * The user as the API sees them right now: account plus organization and role, read from
   * the database on every request so that a removed admin loses their rights at once.
   */
  async sessionUser(id: number, db: Kysely<Database> = this.db): Promise<(SessionUser & { is_active: boolean; bio: string; phone_number: string; date_joined: string; membership_id: number | null }) | undefined> {
    const row = await db
      .selectFrom('users as u')
      .leftJoin('memberships as m', 'm.user_id', 'u.id')
      .leftJoin('organizations as o', 'o.id', 'm.organization_id')
      .select([
        'u.id',
        'u.email',
        'u.full_name',
        'u.bio',
        'u.phone_number',
        'u.date_joined',
        'u.is_superuser',
        'u.is_staff',
        'u.is_active',
        'm.id as membership_id',
        'm.role',
        'o.id as organization_id',
        'o.name as organization_name',
      ])
      .where('u.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
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
    };
  }
}

/** The claims of a session user, exactly the SPEC §3 fields. */
export function toSessionClaims(user: SessionUser): SessionUser {
  return {
    user_id: user.user_id,
    email: user.email,
    full_name: user.full_name,
    organization_id: user.organization_id,
    organization_name: user.organization_name,
    organization_role: user.organization_role,
    is_superuser: user.is_superuser,
    is_staff: user.is_staff,
  };
}
