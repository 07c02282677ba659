/**
 * The practice screens' reads (issue 37): what the device holds, live from Dexie, shown at once;
 * the drills and repetitions are refreshed from the server in the background when online, and a
 * failed refresh leaves the device's copy as it was.
 */
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Drill } from '../../contract/practice';
import { db } from '../../lib/db';
import { countSendablePractice } from '../../lib/outbox/practice-outbox';
import { drillsQueryOptions, repetitionsQueryOptions } from './api/practice-api';
import { drillsOf, practiceLogOf, type LogEntry } from './db/practice-log';

/**
 * The stored drills (undefined while the first read runs, and while the device holds none and the
 * server has not answered yet), and whether the server could not be asked for them.
 */
export function useDrills(userId: number): { drills: Drill[] | undefined; refreshFailed: boolean } {
  const refresh = useQuery(drillsQueryOptions(userId));
  const drills = useLiveQuery(() => drillsOf(db, userId), [userId]);
  return { drills: drills?.length === 0 && refresh.isPending ? undefined : drills, refreshFailed: refresh.isError };
}

/** What a screen says when the device holds no drill. */
export const noDrillsText = (refreshFailed: boolean) =>
  refreshFailed ? 'No drills on this device yet. Connect to the internet to load them.' : 'No drills have been set up yet.';

/**
 * The user's repetitions by drill, in performed order; undefined while the first read runs. The
 * read is timed with the User Timing API ('practice-log-read'), which `npm run bench` reads.
 */
export function usePracticeLog(userId: number): Map<number, LogEntry[]> | undefined {
  useQuery(repetitionsQueryOptions(userId));
  return useLiveQuery(async () => {
    const started = performance.now();
    const log = await practiceLogOf(db, userId);
    performance.measure('practice-log-read', { start: started });
    performance.mark('practice-log-read-end');
    return log;
  }, [userId]);
}

/** How many of the user's repetitions wait to reach the server (rejected ones not counted). */
export function usePendingRepetitions(userId: number): number {
  return useLiveQuery(() => countSendablePractice(db, userId), [userId]) ?? 0;
}
