/**
 * Drills and repetitions of the endotrainer practice log (migrations/014-practice.ts). A batch of
 * repetitions is written by `insertRepetitions` inside the caller's transaction, after
 * `lockLearner` (services/practice-log.ts): one learner's batches then run one at a time, so the
 * cap on a drill's repetitions holds under concurrent posts.
 */
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Drill, DrillPenalty, Repetition } from '../../src/contract/practice';
import type { Dialect } from '../db/database';
import type { Database, DrillsTable, RepetitionsTable } from '../db/schema';
import type { Page } from '../lib/pagination';
import { nowIso } from '../lib/time';

/** A drill as written by a superuser (instructions already checked, as a chapter's content). */
export interface DrillValues {
  name: string;
  instructions: unknown;
  target_seconds: number;
  penalties: DrillPenalty[];
  consecutive_passes: number;
  further_passes: number;
  max_repetitions: number | null;
}

export type NewRepetition = Omit<RepetitionsTable, 'id' | 'verified_by_id' | 'verified_at'>;

/** A repetition with its owner, as the progress view and the verify route read it. */
export interface OwnedRepetition extends Repetition {
  user_id: number;
}

/** What a progress cell needs of each repetition. */
export interface RepetitionFact {
  user_id: number;
  drill_id: number;
  client_id: string;
  performed_at: string;
  passed: boolean;
  verified: boolean;
}

/** A repetition of the practice CSV, with its drill's name. */
export interface RepetitionLine extends OwnedRepetition {
  drill_name: string;
}

function toDrill(row: Selectable<DrillsTable>): Drill {
  return {
    id: row.id,
    name: row.name,
    instructions: row.instructions === null ? null : (JSON.parse(row.instructions) as unknown),
    target_seconds: row.target_seconds,
    penalties: JSON.parse(row.penalties) as DrillPenalty[],
    consecutive_passes: row.consecutive_passes,
    further_passes: row.further_passes,
    max_repetitions: row.max_repetitions,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

interface RepetitionRow extends Omit<RepetitionsTable, 'id'> {
  id: number;
  verifier_name: string | null;
}

function toRepetition(row: RepetitionRow): Repetition {
  return {
    id: row.id,
    client_id: row.client_id,
    drill: row.drill_id,
    time_ms: row.time_ms,
    penalties: JSON.parse(row.penalties) as Repetition['penalties'],
    score_ms: row.score_ms,
    target_seconds: row.target_seconds,
    passed: row.passed === 1,
    performed_at: row.performed_at,
    created_at: row.created_at,
    verified_by: row.verified_by_id === null || row.verifier_name === null ? null : { id: row.verified_by_id, full_name: row.verifier_name },
    verified_at: row.verified_at,
  };
}

const drillRow = (values: DrillValues) => ({
  name: values.name,
  instructions: values.instructions == null ? null : JSON.stringify(values.instructions),
  target_seconds: values.target_seconds,
  penalties: JSON.stringify(values.penalties),
  consecutive_passes: values.consecutive_passes,
  further_passes: values.further_passes,
  max_repetitions: values.max_repetitions,
});

/** Rows per INSERT: 11 parameters each stays under both databases' limits. */
const REPETITION_CHUNK = 500;

export class PracticeRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Every drill, oldest first (a handful: the institute's own list). */
  async listDrills(): Promise<Drill[]> {
    return (await this.db.selectFrom('drills').selectAll().orderBy('id').execute()).map(toDrill);
  }

  async findDrill(id: number): Promise<Drill | undefined> {
    const row = await this.db.selectFrom('drills').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toDrill(row);
  }

  /**
   * The drills of these ids that exist. Inside a batch's transaction they are kept (PostgreSQL:
   * `for share`) until it ends, so a drill deleted meanwhile waits for the batch's repetitions
   * and takes them with it, instead of failing their insert.
   */
  async drillsByIds(ids: readonly number[]): Promise<Map<number, Drill>> {
    if (!ids.length) return new Map();
    let query = this.db
      .selectFrom('drills')
      .selectAll()
      .where('id', 'in', [...ids]);
    if (this.db.isTransaction && this.dialect === 'postgres') query = query.forShare();
    const rows = await query.execute();
    return new Map(rows.map((row) => [row.id, toDrill(row)]));
  }

  async createDrill(values: DrillValues): Promise<Drill> {
    const now = nowIso();
    const row = await this.db
      .insertInto('drills')
      .values({ ...drillRow(values), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDrill(row);
  }

  async updateDrill(id: number, values: DrillValues): Promise<Drill | undefined> {
    const row = await this.db
      .updateTable('drills')
      .set({ ...drillRow(values), updated_at: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row && toDrill(row);
  }

  /** Deletes a drill and (the key cascades) its repetitions; false when there was none. */
  async deleteDrill(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('drills').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private repetitions() {
    return this.db.selectFrom('repetitions as r').leftJoin('users as v', 'v.id', 'r.verified_by_id').selectAll('r').select('v.full_name as verifier_name');
  }

  /** The user's repetitions, newest first (by performed_at, then id), optionally of one drill; with their count. */
  async repetitionsPage(userId: number, drill: number | undefined, page: Page): Promise<{ count: number; rows: Repetition[] }> {
    let counted = this.db.selectFrom('repetitions').where('user_id', '=', userId);
    let rows = this.repetitions().where('r.user_id', '=', userId);
    if (drill !== undefined) {
      counted = counted.where('drill_id', '=', drill);
      rows = rows.where('r.drill_id', '=', drill);
    }
    const [count, found] = await Promise.all([
      counted.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      rows.orderBy('r.performed_at', 'desc').orderBy('r.id', 'desc').limit(page.size).offset(page.offset).execute(),
    ]);
    return { count: Number(count?.n ?? 0), rows: found.map(toRepetition) };
  }

  async findRepetition(id: number): Promise<OwnedRepetition | undefined> {
    const row = await this.repetitions().where('r.id', '=', id).executeTakeFirst();
    return row && { ...toRepetition(row), user_id: row.user_id };
  }

  /** The user's repetitions with these client ids. */
  async repetitionsByClientIds(userId: number, clientIds: readonly string[]): Promise<Map<string, Repetition>> {
    if (!clientIds.length) return new Map();
    const rows = await this.repetitions()
      .where('r.user_id', '=', userId)
      .where('r.client_id', 'in', [...clientIds])
      .execute();
    return new Map(rows.map((row) => [row.client_id, toRepetition(row)]));
  }

  /**
   * Serialises the learner's batches until the transaction ends: PostgreSQL locks their user row;
   * SQLite runs one write transaction at a time anyway.
   */
  async lockLearner(userId: number): Promise<void> {
    if (this.dialect === 'postgres') await sql`select id from users where id = ${userId} for update`.execute(this.db);
  }

  /** How many repetitions the user has of each of these drills. */
  async counts(userId: number, drillIds: readonly number[]): Promise<Map<number, number>> {
    if (!drillIds.length) return new Map();
    const rows = await this.db
      .selectFrom('repetitions')
      .select((eb) => ['drill_id', eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .where('drill_id', 'in', [...drillIds])
      .groupBy('drill_id')
      .execute();
    return new Map(rows.map((row) => [row.drill_id, Number(row.n)]));
  }

  /** Stores the repetitions; one whose (user, client id) is stored already (a racing replay) is skipped. */
  async insertRepetitions(rows: readonly NewRepetition[]): Promise<void> {
    for (let i = 0; i < rows.length; i += REPETITION_CHUNK)
      await this.db
        .insertInto('repetitions')
        .values(rows.slice(i, i + REPETITION_CHUNK))
        .onConflict((conflict) => conflict.columns(['user_id', 'client_id']).doNothing())
        .execute();
  }

  /** Deletes the user's repetition unless it is verified: 'deleted', 'verified', or 'missing' (none of theirs). */
  async deleteOwnRepetition(userId: number, id: number): Promise<'deleted' | 'verified' | 'missing'> {
    const result = await this.db
      .deleteFrom('repetitions')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('verified_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) return 'deleted';
    const left = await this.db.selectFrom('repetitions').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return left ? 'verified' : 'missing';
  }

  /** Marks a repetition verified by `verifierId` now, unless it already is (the first verification stays). */
  async verify(id: number, verifierId: number): Promise<void> {
    await this.db
      .updateTable('repetitions')
      .set({ verified_by_id: verifierId, verified_at: nowIso() })
      .where('id', '=', id)
      .where('verified_at', 'is', null)
      .execute();
  }

  /** What the progress cells of these users need: each repetition's drill, order keys, pass and verification. */
  async facts(userIds: readonly number[]): Promise<RepetitionFact[]> {
    if (!userIds.length) return [];
    const rows = await this.db
      .selectFrom('repetitions')
      .select(['user_id', 'drill_id', 'client_id', 'performed_at', 'passed', 'verified_at'])
      .where('user_id', 'in', [...userIds])
      .execute();
    return rows.map((r) => ({
      user_id: r.user_id,
      drill_id: r.drill_id,
      client_id: r.client_id,
      performed_at: r.performed_at,
      passed: r.passed === 1,
      verified: r.verified_at !== null,
    }));
  }

  /** Every repetition of the user, newest first (by performed_at, then id). */
  async allOf(userId: number): Promise<Repetition[]> {
    const rows = await this.repetitions().where('r.user_id', '=', userId).orderBy('r.performed_at', 'desc').orderBy('r.id', 'desc').execute();
    return rows.map(toRepetition);
  }

  /** The repetitions of these users with their drill's name, per user by drill and then performed order. */
  async lines(userIds: readonly number[]): Promise<RepetitionLine[]> {
    if (!userIds.length) return [];
    const rows = await this.repetitions()
      .innerJoin('drills as d', 'd.id', 'r.drill_id')
      .select('d.name as drill_name')
      .where('r.user_id', 'in', [...userIds])
      .orderBy('r.user_id')
      .orderBy('r.drill_id')
      .orderBy('r.performed_at')
      .orderBy('r.id')
      .execute();
    return rows.map((row) => ({ ...toRepetition(row), user_id: row.user_id, drill_name: row.drill_name }));
  }
}
