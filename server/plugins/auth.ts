/**
 * Sessions: access tokens (short-lived JWT) and refresh tokens (rotated on every use, kept by
 * `jti` in the database, grouped in a family per sign-in). A refresh token presented after it
 * was rotated out means it was copied: the whole family is revoked (theft detection).
 * Every request's user is read from the database, not from the token's claims.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { forbidden, HttpError, notAuthenticated } from '../lib/errors';
import { TokenSigner, type SessionUser } from '../lib/tokens';
import type { Repositories } from '../repositories';
import { toSessionClaims } from '../repositories/users';

export type CurrentUser = NonNullable<Awaited<ReturnType<Repositories['users']['sessionUser']>>>;

const invalidToken = () => new HttpError(401, { detail: 'Token is invalid or expired.' });

export class SessionService {
  private readonly signer: TokenSigner;
  constructor(
    private readonly repos: Repositories,
    private readonly config: Config,
  ) {
    this.signer = new TokenSigner(config.secretKey);
  }

  async accessToken(user: SessionUser): Promise<string> {
    const exp = Math.floor(Date.now() / 1000) + this.config.accessTokenLifetime;
    return (await this.signer.sign('access', { ...toSessionClaims(user) }, exp)).token;
  }

  private async refreshToken(userId: number, family?: { id: string; expiresAt: string }): Promise<string> {
    const now = Date.now();
    const familyExpiresAt = family?.expiresAt ?? new Date(now + this.config.refreshAbsoluteLifetime * 1000).toISOString();
    const expiresAtMs = Math.min(now + this.config.refreshIdleLifetime * 1000, Date.parse(familyExpiresAt));
    const familyId = family?.id ?? randomUUID();
    const { token, jti } = await this.signer.sign('refresh', { user_id: userId, family: familyId }, Math.floor(expiresAtMs / 1000));
    await this.repos.refreshTokens.insert({
      jti,
      family_id: familyId,
      user_id: userId,
      issued_at: new Date(now).toISOString(),
      expires_at: new Date(expiresAtMs).toISOString(),
      family_expires_at: familyExpiresAt,
      rotated_at: null,
      revoked_at: null,
    });
    return token;
  }

  /** A new sign-in: a new token family. */
  async issue(user: SessionUser) {
    return { access: await this.accessToken(user), refresh: await this.refreshToken(user.user_id) };
  }

  /** Rotates a refresh token: answers a new pair, or refuses (revoking the family on reuse). */
  async rotate(refresh: unknown) {
    const claims = await this.signer.verify(refresh, 'refresh');
    if (!claims) throw invalidToken();
    const row = await this.repos.refreshTokens.find(claims.jti);
    if (!row || row.revoked_at) throw invalidToken();
    if (row.rotated_at || !(await this.repos.refreshTokens.markRotated(row.jti))) {
      await this.repos.refreshTokens.revokeFamily(row.family_id);
      throw new HttpError(401, { detail: 'This sign-in was ended because its refresh token was used twice. Please log in again.' });
    }
    const user = await this.repos.users.sessionUser(row.user_id);
    if (!user?.is_active) throw invalidToken();
    return {
      access: await this.accessToken(user),
      refresh: await this.refreshToken(user.user_id, { id: row.family_id, expiresAt: row.family_expires_at }),
    };
  }

  /** Ends the sign-in the refresh token belongs to. */
  async revoke(refresh: unknown): Promise<boolean> {
    const claims = await this.signer.verify(refresh, 'refresh');
    if (!claims) return false;
    const row = await this.repos.refreshTokens.find(claims.jti);
    if (!row || row.revoked_at) return false;
    await this.repos.refreshTokens.revokeFamily(row.family_id);
    return true;
  }

  /** The user behind an access token, as the database has them now. */
  async userFromAccessToken(token: string): Promise<CurrentUser | null> {
    const claims = await this.signer.verify(token, 'access');
    if (!claims || typeof claims.user_id !== 'number') return null;
    const user = await this.repos.users.sessionUser(claims.user_id);
    return user?.is_active ? user : null;
  }

  /** Housekeeping, so the token table does not grow without bound. */
  purgeExpired() {
    return this.repos.refreshTokens.deleteExpired();
  }
}

async function authPlugin(app: FastifyInstance) {
  app.decorate('sessions', new SessionService(app.repos, app.config));
  app.decorateRequest('currentUser', null);

  app.addHook('preHandler', async (request) => {
    const header = request.headers.authorization;
    const access = (request.routeOptions.config as { access?: string } | undefined)?.access;
    if (header) {
      const [scheme, token] = header.split(' ');
      if (scheme?.toLowerCase() === 'bearer' && token) {
        request.currentUser = await app.sessions.userFromAccessToken(token);
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

export function requireSuperuser(request: FastifyRequest): CurrentUser {
  const user = userOf(request);
  if (!user.is_superuser) throw forbidden();
  return user;
}

export const isOrganizationAdmin = (user: CurrentUser, organizationId: number) =>
  user.organization_id === organizationId && (user.organization_role === 'owner' || user.organization_role === 'admin');

/** Book editing: a superuser, or the user who owns the book. */
export const canEditBook = (user: CurrentUser, book: { owner: number | null }) => user.is_superuser || (book.owner !== null && book.owner === user.user_id);

