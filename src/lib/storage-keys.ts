/**
 * SPEC §3's three keys, and `session_updated_at`: when this pair was stored (epoch ms), so the
 * page can tell whether the service worker's copy (db.session) holds a newer pair. Apart from
 * session.ts so the build (vite.config.ts: the starter asks whether somebody is signed in) can
 * read them without the session's code.
 */
export const STORAGE_KEYS = { access: 'access_token', refresh: 'refresh_token', user: 'user', updatedAt: 'session_updated_at' } as const;
