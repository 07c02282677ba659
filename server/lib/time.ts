/** Timestamps are stored as ISO-8601 UTC text on both engines. */
export const nowIso = () => new Date().toISOString();
export const isoIn = (seconds: number, from = Date.now()) => new Date(from + seconds * 1000).toISOString();
