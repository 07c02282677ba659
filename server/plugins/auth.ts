/**
 * Sessions: access tokens (short-lived JWT) and refresh tokens (rotated on every use, kept by
 * `jti` in the database, grouped in a family per sign-in). Every decision about a family is
 * taken in one transaction holding the family's lock, so concurrent refreshes cannot
 * interleave: a refresh token presented again within REFRESH_REUSE_GRACE_SECONDS of its
 * rotation (a retry after a lost answer, two tabs at once) gets a fresh pair and the family
 * keeps exactly one live refresh token; presented later, it was copied, and the whole family,
 * successors included, is revoked (theft detection).
 * Every token carries its account's session epoch from the sign-in on; raising the epoch
 * (`users.signOutEverywhere`, a deactivation) ends every session at once. Each request compares
 * the access token's epoch with the user it reads fresh, and a rotation compares the presented
 * token's epoch inside its transaction and passes that same epoch on: a rotation that read the
 * account just before a raise committed hands out tokens already dead, so no lock between the
 * two is needed, on either database.
 * Every request's user is read from the database, not from the token's claims.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '../../src/contract/session';
import { toSessionClaims } from '../../src/contract/session-claims';
import type { Config } from '../config';
import { HttpError, notAuthenticated } from '../lib/errors';
import { TokenSigner } from '../lib/tokens';
import type { Repositories } from '../repositories';
import type { AccountUser } from '../repositories/users';

export type CurrentUser = AccountUser;

/** The session epoch a token was issued under (tokens from before epochs existed: the first one). */
const epochOf = (claims: Record<string, unknown>) => (typeof claims.epoch === 'number' ? claims.epoch : 0);

const invalidToken = () => new HttpError(401, { detail: 'Token is invalid or expired.' });
const reusedToken = () => new HttpError(401, { detail: 'This sign-in was ended because its refresh token was used twice. Please log in again.' });

export class SessionService {
  private readonly signer: TokenSigner;
  constructor(
    private readonly repos: Repositories,
    private readonly config: Config,
  ) {
    this.signer = new TokenSigner(config.secretKey);
  }

  private async accessToken(user: SessionUser, epoch: number, familyId: string): Promise<string> {
    const exp = Math.floor(Date.now() / 1000) + this.config.accessTokenLifetime;
    return (await this.signer.sign('access', { ...toSessionClaims(user), epoch, sid: familyId }, exp)).token;
  }

  private async refreshToken(repos: Repositories, userId: number, epoch: number, family?: { id: string; expiresAt: string }) {
    const now = Date.now();
    const familyExpiresAt = family?.expiresAt ?? new Date(now + this.config.refreshAbsoluteLifetime * 1000).toISOString();
    const expiresAtMs = Math.min(now + this.config.refreshIdleLifetime * 1000, Date.parse(familyExpiresAt));
    const familyId = family?.id ?? randomUUID();
    const { token, jti } = await this.signer.sign('refresh', { user_id: userId, family: familyId, epoch }, Math.floor(expiresAtMs / 1000));
    await repos.refreshTokens.insert({
      jti,
      family_id: familyId,
      user_id: userId,
      issued_at: new Date(now).toISOString(),
      expires_at: new Date(expiresAtMs).toISOString(),
      family_expires_at: familyExpiresAt,
      rotated_at: null,
      revoked_at: null,
    });
    return { token, familyId };
  }

  /** A new sign-in under the account's current session epoch: a new token family. */
  async issue(user: SessionUser & { session_epoch: number }) {
    const { token: refresh, familyId } = await this.refreshToken(this.repos, user.user_id, user.session_epoch);
    return { access: await this.accessToken(user, user.session_epoch, familyId), refresh };
  }

  /** Rotates a refresh token: answers a new pair, or refuses (revoking the family on reuse). */
  async rotate(refresh: unknown) {
    const claims = await this.signer.verify(refresh, 'refresh');
    if (!claims || typeof claims.family !== 'string') throw invalidToken();
    const familyId = claims.family;
    const graceMs = this.config.refreshReuseGraceSeconds * 1000;
    const outcome = await this.repos.transaction(async (tx) => {
      await tx.refreshTokens.lockFamily(familyId);
      const row = await tx.refreshTokens.find(claims.jti);
      if (!row || row.revoked_at || row.family_id !== familyId) return 'invalid' as const;
      if (row.rotated_at && Date.now() - Date.parse(row.rotated_at) >= graceMs) {
        await tx.refreshTokens.revokeFamily(familyId);
        return 'reused' as const;
      }
      const user = await tx.users.sessionUser(row.user_id);
      if (!user?.is_active) return 'invalid' as const;
      // Signed out everywhere since this sign-in: the family is over.
      if (user.session_epoch !== epochOf(claims)) {
        await tx.refreshTokens.revokeFamily(familyId);
        return 'invalid' as const;
      }
      // The presented token (if still live) and any successor handed out by an earlier retry
      // are rotated out: the token issued now is the family's only live one.
      await tx.refreshTokens.rotateOutLive(familyId);
      // The presented token's epoch, not one read later: see the module header.
      const epoch = epochOf(claims);
      return {
        access: await this.accessToken(user, epoch, familyId),
        refresh: (await this.refreshToken(tx, user.user_id, epoch, { id: familyId, expiresAt: row.family_expires_at })).token,
      };
    });
    if (outcome === 'invalid') throw invalidToken();
    if (outcome === 'reused') throw reusedToken();
    return outcome;
  }

  /**
   * Ends the sign-in the refresh token belongs to. Idempotent: a sign-in already ended (by an
   * earlier logout whose answer was lost, as an offline logout sent again) answers true too.
   */
  async revoke(refresh: unknown): Promise<boolean> {
    const claims = await this.signer.verify(refresh, 'refresh');
    if (!claims || typeof claims.family !== 'string') return false;
    const familyId = claims.family;
    return this.repos.transaction(async (tx) => {
      await tx.refreshTokens.lockFamily(familyId);
      const row = await tx.refreshTokens.find(claims.jti);
      if (!row || row.family_id !== familyId) return false;
      if (!row.revoked_at) await tx.refreshTokens.revokeFamily(familyId);
      return true;
    });
  }

  /**
   * The user behind an access token as the database has them now, with the content version read
   * in the same query, and the session (refresh family) the token belongs to; null when the
   * account is inactive or was signed out everywhere since the token was issued.
   */
  async requestFromAccessToken(token: string): Promise<{ user: CurrentUser; contentVersion: number | null; sessionId: string } | null> {
    const claims = await this.signer.verify(token, 'access');
    if (!claims || typeof claims.user_id !== 'number') return null;
    const found = await this.repos.users.requestUser(claims.user_id);
    if (!found?.user.is_active || found.user.session_epoch !== epochOf(claims)) return null;
    return { ...found, sessionId: typeof claims.sid === 'string' ? claims.sid : claims.jti };
  }

  /** Housekeeping, so the token table does not grow without bound. */
  purgeExpired() {
    return this.repos.refreshTokens.deleteExpired();
  }
}

async function authPlugin(app: FastifyInstance) {
  app.decorate('sessions', new SessionService(app.repos, app.config));
  app.decorateRequest('currentUser', null);
  app.decorateRequest('contentVersion', null);
  app.decorateRequest('sessionId', null);

  // Before validation: a caller who may not use a route learns that (401), not what its body lacks.
  app.addHook('preValidation', async (request) => {
    const header = request.headers.authorization;
    const access = request.routeOptions.config.access;
    if (header) {
      const [scheme, token] = header.split(' ');
      if (scheme?.toLowerCase() === 'bearer' && token) {
        const found = await app.sessions.requestFromAccessToken(token);
        request.currentUser = found?.user ?? null;
        request.contentVersion = found?.contentVersion ?? null;
        request.sessionId = found?.sessionId ?? null;
        // A bad token on a protected call is a 401 (the client refreshes and retries once).
        if (!request.currentUser && access === 'user')
          throw new HttpError(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });
      }
    }
    if (access === 'user' && !request.currentUser) throw notAuthenticated();
  });
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['repositories'] });

/** The signed-in user of a protected route. */
export function userOf(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw notAuthenticated();
  return request.currentUser;
}
