/**
 * The practice timer's clock and the screen kept awake while it runs (issue 37). Time is the
 * difference of performance.now() readings (monotonic: a clock change mid-drill cannot bend it);
 * the shown figure is updated every 100 ms. The Screen Wake Lock is asked for on Start and
 * released on Stop, Discard and unmount; a browser without it, or one that refuses, just lets
 * the screen dim (logged with console.info).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_TIME_MS } from '../../contract/practice';

const TICK_MS = 100;

interface WakeLockSentinelLike {
  release(): Promise<void>;
}

/** Keeps the screen on while `on`; releases it when `on` turns false or the component goes. */
export function useWakeLock(on: boolean): void {
  useEffect(() => {
    if (!on) return;
    const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinelLike> } }).wakeLock;
    if (!wakeLock) {
      console.info('This browser cannot keep the screen on while timing (no Screen Wake Lock).');
      return;
    }
    let sentinel: WakeLockSentinelLike | null = null;
    let released = false;
    wakeLock.request('screen').then(
      (lock) => {
        // Stopped before the browser answered: give it back at once.
        if (released) void lock.release();
        else sentinel = lock;
      },
      (error: unknown) => console.info('The screen could not be kept on while timing', error),
    );
    return () => {
      released = true;
      void sentinel?.release();
    };
  }, [on]);
}

export interface Stopwatch {
  running: boolean;
  /** The time on the clock, in ms. */
  elapsedMs: number;
  start(): void;
  /** Stops the clock and answers the time in whole ms (at least 1, at most an hour). */
  stop(): number;
  reset(): void;
}

export function useStopwatch(): Stopwatch {
  const [running, setRunning] = useState(false);
  const [elapsedMs, setElapsedMs] = useState(0);
  const startedAt = useRef(0);

  const stop = useCallback(() => {
    const time = Math.min(MAX_TIME_MS, Math.max(1, Math.round(performance.now() - startedAt.current)));
    setRunning(false);
    setElapsedMs(time);
    return time;
  }, []);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      const elapsed = performance.now() - startedAt.current;
      // The server takes at most an hour: the clock stops there.
      if (elapsed >= MAX_TIME_MS) stop();
      else setElapsedMs(elapsed);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [running, stop]);

  return {
    running,
    elapsedMs,
    start: useCallback(() => {
      startedAt.current = performance.now();
      setElapsedMs(0);
      setRunning(true);
    }, []),
    stop,
    reset: useCallback(() => {
      setRunning(false);
      setElapsedMs(0);
    }, []),
  };
}
