/**
 * The seam between logging out and the score outbox (the offline issue adds the outbox).
 * Logging out while quiz scores still wait to be sent would lose them on a shared ward
 * tablet, so Logout asks first. Until the outbox exists nothing is pending; the offline
 * feature plugs its count in from the root route with `countPendingScoresWith`.
 */
type PendingScoreCounter = () => Promise<number>;

let counter: PendingScoreCounter = async () => 0;

/** Sets where pending scores are counted (the outbox); returns a function restoring the previous one. */
export function countPendingScoresWith(next: PendingScoreCounter): () => void {
  const previous = counter;
  counter = next;
  return () => {
    counter = previous;
  };
}

/** How many quiz scores on this device have not reached the server. A failing count is 0, logged. */
export async function pendingScoreCount(): Promise<number> {
  try {
    const count = await counter();
    return Number.isFinite(count) && count > 0 ? count : 0;
  } catch (error) {
    console.warn('Could not count the scores waiting to sync', error);
    return 0;
  }
}
