/**
 * Password hashing with bounded concurrency (issue 32, point 2; server/lib/passwords.ts): scrypt
 * shares Node's four pool threads with file reads, so at most one new hash and two checks run
 * at once, first come first served, and a new hash waits while checks run.
 */
import { describe, expect, it } from 'vitest';
import { hashPassword, Lane, PASSWORD_LANES, verifyPassword } from '../../server/lib/passwords';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A task that records how many tasks of its lane run with it, and in which order they started. */
function probe(state: { running: number; most: number; order: number[] }, id: number, ms = 5) {
  return async () => {
    state.order.push(id);
    state.most = Math.max(state.most, ++state.running);
    await sleep(ms);
    state.running--;
    return id;
  };
}

describe('Lane', () => {
  it('runs at most its limit at once, in the order the tasks came', async () => {
    const lane = new Lane(2);
    const state = { running: 0, most: 0, order: [] as number[] };
    const results = await Promise.all(Array.from({ length: 10 }, (_, id) => lane.run(probe(state, id))));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(state.order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(state.most).toBe(2);
  });

  it('frees its place when a task throws', async () => {
    const lane = new Lane(1);
    await expect(lane.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(lane.run(async () => 'next')).resolves.toBe('next');
  });

  it('starts a task only once the lane it yields to is idle, or after the longest wait', async () => {
    const first = new Lane(2);
    const second = new Lane(1, first, 300);
    const events: string[] = [];
    const check = first.run(async () => {
      await sleep(50);
      events.push('check done');
    });
    const hash = second.run(async () => events.push('hash starts'));
    await Promise.all([check, hash]);
    expect(events).toEqual(['check done', 'hash starts']);

    // Checks that never stop do not starve it.
    let stop = false;
    const endless = first.run(async () => {
      while (!stop) await sleep(10);
    });
    const started = performance.now();
    await second.run(async () => undefined);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    stop = true;
    await endless;
  });
});

describe('the password lanes', () => {
  it('runs a new hash only when its lane has room', async () => {
    let release!: () => void;
    const held = PASSWORD_LANES.newHashes.run(() => new Promise<void>((resolve) => (release = resolve)));
    let hashed = false;
    const hashing = hashPassword('Waiting-In-Lane-1').then((hash) => {
      hashed = true;
      return hash;
    });
    await sleep(300);
    expect(hashed).toBe(false);
    release();
    await held;
    expect(await verifyPassword('Waiting-In-Lane-1', await hashing)).toBe(true);
  });

  it('runs the admission callback of a check before hashing, and hashes nothing when it refuses', async () => {
    const stored = await hashPassword('Admitted-Check-2');
    const order: string[] = [];
    expect(await verifyPassword('Admitted-Check-2', stored, async () => void order.push('admitted'))).toBe(true);
    expect(order).toEqual(['admitted']);
    const started = performance.now();
    await expect(verifyPassword('Admitted-Check-2', stored, () => Promise.reject(new Error('429')))).rejects.toThrow('429');
    expect(performance.now() - started).toBeLessThan(50);
  });
});
