/**
 * The user's practice log on this device (issue 37): drills as last read, repetitions the server
 * holds (repetitions) and those saved here that it does not hold yet (practiceOutbox). A saved
 * repetition is written to the outbox before the timer says 'Saved'; a fetched list replaces only
 * the server's part, so a queued repetition is never lost or shown twice (lib/outbox/practice-outbox.ts
 * swaps a queued row for the server's record in one transaction).
 */
import { inPerformedOrder, isPass, scoreOf, type Drill, type PenaltyCount, type Repetition } from '../../../contract/practice';
import type { AppDB, OutboxState, PracticeOutboxRow } from '../../../lib/db';
import { announcePracticeQueued } from '../../../lib/outbox/practice-outbox';

/** One repetition as 'My practice' lists it, from the server or the queue. */
export interface LogEntry {
  client_id: string;
  /** The server's id; null while queued. */
  id: number | null;
  drill: number;
  timeMs: number;
  penalties: { penalty: string; label: string; seconds: number; count: number }[];
  scoreMs: number;
  passed: boolean;
  performed_at: string;
  verifiedBy: string | null;
  /** 'synced' once the server holds it. */
  state: 'synced' | OutboxState;
  lastError: string | null;
}

export interface NewRepetition {
  userId: number;
  drill: Drill;
  timeMs: number;
  penalties: PenaltyCount[];
  /** When Stop was pressed (ISO). */
  performedAt: string;
}

/** Queues a timed repetition, scored and judged here as the server will; resolves once it is stored. */
export async function writeRepetition(database: AppDB, repetition: NewRepetition, now = Date.now()): Promise<PracticeOutboxRow> {
  const penalties = repetition.penalties.filter((p) => p.count > 0);
  const scoreMs = scoreOf(repetition.timeMs, penalties, repetition.drill.penalties);
  const row: PracticeOutboxRow = {
    clientId: crypto.randomUUID(),
    userId: repetition.userId,
    drill: repetition.drill.id,
    timeMs: repetition.timeMs,
    penalties,
    performedAt: repetition.performedAt,
    scoreMs,
    passed: isPass(scoreMs, repetition.drill.target_seconds),
    createdAt: now,
    state: 'waiting',
    attempts: 0,
    lastError: null,
    lastTriedAt: null,
  };
  await database.practiceOutbox.add(row);
  announcePracticeQueued();
  return row;
}

/** Replaces the device's copy of the server's repetitions of the user (every drill) by `records`. */
export async function storeServerRepetitions(database: AppDB, userId: number, records: readonly Repetition[]): Promise<void> {
  await database.transaction('rw', database.repetitions, database.practiceOutbox, async () => {
    await database.repetitions.where('userId').equals(userId).delete();
    await database.repetitions.bulkPut(records.map((r) => ({ userId, clientId: r.client_id.toLowerCase(), drill: r.drill, repetition: r })));
    // A queued row whose record the server already holds (its answer was lost) is the server's now.
    const held = new Set(records.map((r) => r.client_id.toLowerCase()));
    await database.practiceOutbox
      .where('userId')
      .equals(userId)
      .filter((row) => row.state !== 'sending' && held.has(row.clientId.toLowerCase()))
      .delete();
  });
}

/** Removes a synced repetition from the device (after the server deleted it). */
export function forgetRepetition(database: AppDB, userId: number, clientId: string): Promise<void> {
  return database.repetitions.delete([userId, clientId]);
}

/** Removes a repetition that never reached the server. */
export function deleteQueuedRepetition(database: AppDB, clientId: string): Promise<void> {
  return database.practiceOutbox.delete(clientId);
}

const fromServer = (r: Repetition): LogEntry => ({
  client_id: r.client_id.toLowerCase(),
  id: r.id,
  drill: r.drill,
  timeMs: r.time_ms,
  penalties: r.penalties,
  scoreMs: r.score_ms,
  passed: r.passed,
  performed_at: r.performed_at,
  verifiedBy: r.verified_by?.full_name ?? null,
  state: 'synced',
  lastError: null,
});

function fromQueue(row: PracticeOutboxRow, drill: Drill | undefined): LogEntry {
  const labels = new Map(drill?.penalties.map((p) => [p.id, p]) ?? []);
  return {
    client_id: row.clientId.toLowerCase(),
    id: null,
    drill: row.drill,
    timeMs: row.timeMs,
    penalties: row.penalties.map((p) => ({ ...p, label: labels.get(p.penalty)?.label ?? p.penalty, seconds: labels.get(p.penalty)?.seconds ?? 0 })),
    scoreMs: row.scoreMs,
    passed: row.passed,
    performed_at: row.performedAt,
    verifiedBy: null,
    state: row.state,
    lastError: row.lastError,
  };
}

/** Every repetition of the user by drill, in performed order (the order proficiency counts in). */
export async function practiceLogOf(database: AppDB, userId: number): Promise<Map<number, LogEntry[]>> {
  const [synced, queued, drills] = await Promise.all([
    database.repetitions.where('userId').equals(userId).toArray(),
    database.practiceOutbox.where('userId').equals(userId).toArray(),
    database.drills.where('userId').equals(userId).toArray(),
  ]);
  const drillsById = new Map(drills.map((row) => [row.id, row.drill]));
  const byClientId = new Map<string, LogEntry>();
  for (const row of synced) byClientId.set(row.clientId, fromServer(row.repetition));
  for (const row of queued)
    if (!byClientId.has(row.clientId.toLowerCase())) byClientId.set(row.clientId.toLowerCase(), fromQueue(row, drillsById.get(row.drill)));
  const byDrill = new Map<number, LogEntry[]>();
  for (const entry of inPerformedOrder([...byClientId.values()])) {
    const list = byDrill.get(entry.drill) ?? [];
    list.push(entry);
    byDrill.set(entry.drill, list);
  }
  return byDrill;
}

/** The user's stored drills, oldest first (the server's order). */
export async function drillsOf(database: AppDB, userId: number): Promise<Drill[]> {
  const rows = await database.drills.where('userId').equals(userId).toArray();
  return rows.map((row) => row.drill).sort((a, b) => a.id - b.id);
}
