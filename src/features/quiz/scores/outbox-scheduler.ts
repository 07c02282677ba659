/**
 * When the page flushes the outbox: at start-up, on `online`, on window focus, after each
 * enqueue, on 'Sync now', and — while rows are pending after a failed run — again after a
 * backoff of 2 s, 4 s, 8 s … capped at one minute, so a server that was down gets its scores
 * within about a minute of coming back, with nobody touching the device.
 * An ended session schedules nothing: the rows wait for the user's next sign-in. Logouts made
 * offline are retried the same way, whoever is signed in. While the browser knows it is offline
 * (`canSend`), no run starts and no retry is armed: the `online` event triggers again.
 */
import type { FlushResult, OutboxRunner } from '../../../lib/outbox/runner';

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 60_000;

/** Delay before retry number `failures` (0-based). */
export const backoffDelay = (failures: number) => Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(failures, 16));

export interface SchedulerOptions {
  runner: OutboxRunner;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Hears every finished run (the status the UI shows). */
  onResult?: (result: FlushResult) => void;
  onError?: (error: unknown) => void;
  /** False while nothing can be sent (the browser is offline); true by default. */
  canSend?: () => boolean;
}

export interface OutboxScheduler {
  /** Flushes now (joining a run in progress); schedules the next try when rows remain. */
  trigger(): Promise<FlushResult | null>;
  /** Stops the timer (sign-out, tests). */
  stop(): void;
  /** Delay of the pending retry, or null. */
  readonly nextRetryMs: number | null;
}

export function createOutboxScheduler({
  runner,
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  onResult,
  onError,
  canSend = () => true,
}: SchedulerOptions): OutboxScheduler {
  let failures = 0;
  let timer: unknown = null;
  let nextRetryMs: number | null = null;

  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    nextRetryMs = null;
  };

  const schedule = (ms: number) => {
    cancelTimer();
    nextRetryMs = ms;
    timer = setTimer(() => {
      timer = null;
      nextRetryMs = null;
      void trigger();
    }, ms);
  };

  async function trigger(): Promise<FlushResult | null> {
    // A run now would mark rows 'sending' only to fail: the rows stay 'waiting' as the user sees them.
    if (!canSend()) {
      cancelTimer();
      return null;
    }
    let result: FlushResult;
    try {
      result = await runner.flush();
    } catch (error) {
      // Dexie or lock failure: report it, and try again later like a failed send.
      onError?.(error);
      schedule(backoffDelay(failures++));
      return null;
    }
    onResult?.(result);
    if (result.stoppedBy === 'signed-out') {
      cancelTimer();
      failures = 0;
    } else if (
      result.remaining > 0 ||
      result.eventsRemaining > 0 ||
      result.reviewsRemaining > 0 ||
      result.repetitionsRemaining > 0 ||
      result.logoutsWaiting > 0
    ) {
      schedule(backoffDelay(result.stoppedBy ? failures++ : 0));
    } else {
      cancelTimer();
      failures = 0;
    }
    return result;
  }

  return {
    trigger,
    stop: cancelTimer,
    get nextRetryMs() {
      return nextRetryMs;
    },
  };
}
