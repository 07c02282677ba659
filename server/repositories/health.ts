import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export class HealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** True when the database answers a trivial query. */
  async isDatabaseUp(): Promise<boolean> {
    try {
      await sql`select 1`.execute(this.db);
      return true;
    } catch {
      return false;
    }
  }
}
