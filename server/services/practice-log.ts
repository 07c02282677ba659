/**
 * Recording a batch of timed repetitions from the device (issue 37), whole or not at all, in one
 * transaction that holds the learner's lock (repositories/practice.ts): each repetition is stored
 * once per client id (a replay answers its first record, even after its drill changed), new ones
 * are scored by the server with the contract's rules against the drill as it is now, and a
 * repetition of a drill that no longer exists is taken but not stored (`ignored`).
 */
import { isPass, type RepetitionBatchResult, scoreOf, type repetitionBatchSchema } from '../../src/contract/practice';
import type { z } from 'zod';
import { fieldErrors } from '../lib/errors';
import type { Repositories } from '../repositories';
import type { NewRepetition } from '../repositories/practice';
import { CLOCK_SKEW_MS } from './record-attempt';

/** Refusal messages listed at most. */
const MAX_MESSAGES = 10;

export async function recordRepetitions(
  repos: Repositories,
  userId: number,
  batch: z.output<typeof repetitionBatchSchema>,
  receivedAt = Date.now(),
): Promise<RepetitionBatchResult> {
  // One repetition per client id: the first of the batch wins.
  const seen = new Set<string>();
  const sent = batch.repetitions.filter((r) => !seen.has(r.client_id) && Boolean(seen.add(r.client_id)));
  return repos.transaction(async (tx) => {
    await tx.practice.lockLearner(userId);
    const stored = await tx.practice.repetitionsByClientIds(
      userId,
      sent.map((r) => r.client_id),
    );
    const fresh = sent.filter((r) => !stored.has(r.client_id));
    const drills = await tx.practice.drillsByIds([...new Set(fresh.map((r) => r.drill))]);
    const kept = fresh.filter((r) => drills.has(r.drill));
    const problems: string[] = [];
    const rows: NewRepetition[] = [];
    const created = new Date(receivedAt).toISOString();
    for (const r of kept) {
      const drill = drills.get(r.drill)!;
      const ahead = Date.parse(r.performed_at) - receivedAt;
      if (ahead > CLOCK_SKEW_MS)
        problems.push(
          `The repetition ${r.client_id} is dated ${Math.ceil(ahead / 60_000)} minutes after the server's time; at most ${CLOCK_SKEW_MS / 60_000} minutes of clock skew are accepted. Check the device's clock.`,
        );
      const byId = new Map(drill.penalties.map((p) => [p.id, p]));
      const unknown = r.penalties.filter((p) => !byId.has(p.penalty));
      for (const p of unknown) problems.push(`The drill '${drill.name}' has no penalty '${p.penalty}'.`);
      if (unknown.length) continue;
      const score = scoreOf(r.time_ms, r.penalties, drill.penalties);
      rows.push({
        user_id: userId,
        drill_id: drill.id,
        client_id: r.client_id,
        time_ms: r.time_ms,
        penalties: JSON.stringify(
          r.penalties.map((p) => ({ penalty: p.penalty, label: byId.get(p.penalty)!.label, seconds: byId.get(p.penalty)!.seconds, count: p.count })),
        ),
        score_ms: score,
        target_seconds: drill.target_seconds,
        passed: isPass(score, drill.target_seconds) ? 1 : 0,
        performed_at: new Date(Date.parse(r.performed_at)).toISOString(),
        created_at: created,
      });
    }
    const capped = [...drills.values()].filter((d) => d.max_repetitions !== null);
    const counts = await tx.practice.counts(
      userId,
      capped.map((d) => d.id),
    );
    for (const drill of capped) {
      const adding = kept.filter((r) => r.drill === drill.id).length;
      if ((counts.get(drill.id) ?? 0) + adding > drill.max_repetitions!) problems.push(`This drill allows at most ${drill.max_repetitions} repetitions.`);
    }
    if (problems.length) throw fieldErrors({ repetitions: problems.slice(0, MAX_MESSAGES) });
    await tx.practice.insertRepetitions(rows);
    const now = new Map([
      ...stored,
      ...(await tx.practice.repetitionsByClientIds(
        userId,
        rows.map((r) => r.client_id),
      )),
    ]);
    return {
      repetitions: sent.flatMap((r) => (now.has(r.client_id) ? [now.get(r.client_id)!] : [])),
      ignored: fresh.filter((r) => !drills.has(r.drill)).map((r) => r.client_id),
    };
  });
}
