/**
 * SPEC §3's three keys, and `session_updated_at`: when this pair was stored (epoch ms), so the
 * page can tell whether the service worker's copy (db.session) holds a newer pair.
 */
export const STORAGE_KEYS = { access: 'access_token', refresh: 'refresh_token', user: 'user', updatedAt: 'session_updated_at' } as const;
