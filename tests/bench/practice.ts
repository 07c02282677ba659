/**
 * The practice-log figure of issue 37, for `npm run bench`: one drill with 500 repetitions (passes
 * and failures, some with penalties, one verified) stored in the demo learner's IndexedDB, then
 * 'My practice' opened offline on a phone with the CPU slowed 4×. The page times its own work
 * with the User Timing API (features/practice): reading the log from IndexedDB
 * ('practice-log-read'), rendering the drill's part with its newest rows ('practice-mine-render')
 * and the learning curve ('practice-curve-render'), both after the data was read.
 */
import { randomUUID } from 'node:crypto';
import { apiLogin, LEARNER } from '../e2e/book-helpers';
import { isPass, type Drill, type Repetition } from '../../src/contract/practice';
import { signedInPhone } from './offline';

export const PRACTICE_REPETITIONS = 500;
export const PRACTICE_CPU_SLOWDOWN = 4;
const ROUNDS = 5;
const DRILL_ID = 9_001;

export interface PracticeFigures {
  /**
   * Per round, in ms (CPU slowed): the read, the page's first render after it (state and list),
   * the curve's render (once its chunk loaded), from the end of the read until the curve was drawn,
   * and the longest main-thread task after the read.
   */
  rounds: { readMs: number; listMs: number; curveMs: number; drawnAfterReadMs: number; longestTaskMs: number }[];
}

const DRILL: Drill = {
  id: DRILL_ID,
  name: 'Peg transfer (bench)',
  instructions: null,
  target_seconds: 48,
  penalties: [{ id: 'peg-dropped-outside', label: 'Peg dropped outside the field', seconds: 10 }],
  consecutive_passes: 2,
  further_passes: 10,
  max_repetitions: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/** The rows `repetitions` holds for the learner (src/lib/db.ts RepetitionRow): a learning curve from ~90 s down to ~40 s. */
function repetitionRows(userId: number) {
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: PRACTICE_REPETITIONS }, (_, i) => {
    const clientId = randomUUID();
    const timeMs = Math.round(40_000 + 50_000 * Math.exp(-i / 80) + ((i * 7919) % 9_000));
    const dropped = i % 9 === 0 ? 1 : 0;
    const scoreMs = timeMs + dropped * 10_000;
    const repetition: Repetition = {
      id: 10_000 + i,
      client_id: clientId,
      drill: DRILL_ID,
      time_ms: timeMs,
      penalties: dropped ? [{ penalty: 'peg-dropped-outside', label: 'Peg dropped outside the field', seconds: 10, count: 1 }] : [],
      score_ms: scoreMs,
      target_seconds: 48,
      passed: isPass(scoreMs, 48),
      performed_at: new Date(start + i * 3_600_000).toISOString(),
      created_at: new Date(start + i * 3_600_000 + 60_000).toISOString(),
      verified_by: i === 10 ? { id: 1, full_name: 'Dr. Trainer' } : null,
      verified_at: i === 10 ? new Date(start + i * 3_600_000 + 120_000).toISOString() : null,
    };
    return { userId, clientId, drill: DRILL_ID, repetition };
  });
}

export async function measurePracticeLog(baseURL: string): Promise<PracticeFigures> {
  const learner = await apiLogin(baseURL, LEARNER);
  const { context, close } = await signedInPhone(baseURL, learner, 'lap-bench-practice-');
  try {
    const page = await context.newPage();
    // Every long task (≥ 50 ms) of each page load, to find the longest after the read.
    await page.addInitScript(() => {
      const tasks: { startTime: number; duration: number }[] = [];
      Object.assign(globalThis, { benchLongTasks: tasks });
      new PerformanceObserver((list) => tasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
    });
    await page.goto('/practice/mine');
    await page.getByRole('heading', { name: 'My practice', level: 1 }).waitFor({ timeout: 30_000 });
    const userId = Number(learner.user.user_id);
    const rows = repetitionRows(userId);
    await page.evaluate(
      async ({ repetitions, drill }) => {
        const database = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('laparoscopy-app');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        await new Promise<void>((resolve, reject) => {
          const transaction = database.transaction(['drills', 'repetitions'], 'readwrite');
          transaction.objectStore('drills').put(drill);
          for (const row of repetitions) transaction.objectStore('repetitions').put(row);
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
        });
        database.close();
      },
      { repetitions: rows, drill: { userId, id: DRILL_ID, drill: DRILL, storedAt: Date.now() } },
    );
    // Offline (the worker serves the app): the server's lists would replace what was stored.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    const rounds: PracticeFigures['rounds'] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        await page.goto(`/practice/mine?drill=${DRILL_ID}`);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: PRACTICE_CPU_SLOWDOWN });
        // The newest rows are shown first, the rest on request (features/practice LIST_PAGE).
        await page.getByRole('button', { name: /^Show \d+ older/ }).waitFor({ timeout: 60_000 });
        await page.locator('figure svg').first().waitFor({ timeout: 60_000 });
        await page.waitForFunction(() => performance.getEntriesByName('practice-curve-render').length > 0, null, { timeout: 60_000 });
        rounds.push(
          await page.evaluate(() => {
            const readEnd = performance.getEntriesByName('practice-log-read-end').at(-1)?.startTime ?? NaN;
            const after = (name: string) => performance.getEntriesByName(name).find((entry) => entry.startTime >= readEnd);
            const list = after('practice-mine-render');
            const curve = after('practice-curve-render');
            return {
              readMs: performance.getEntriesByName('practice-log-read').at(-1)?.duration ?? NaN,
              listMs: list?.duration ?? NaN,
              curveMs: curve?.duration ?? NaN,
              drawnAfterReadMs: curve ? curve.startTime + curve.duration - readEnd : NaN,
              longestTaskMs: Math.max(
                0,
                ...(globalThis as unknown as { benchLongTasks: { startTime: number; duration: number }[] }).benchLongTasks
                  .filter((task) => task.startTime + task.duration >= readEnd)
                  .map((task) => task.duration),
              ),
            };
          }),
        );
      }
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
      await context.setOffline(false);
    }
    return { rounds };
  } finally {
    await close();
  }
}
