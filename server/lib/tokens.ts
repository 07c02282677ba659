/**
 * JWTs: HS256 only (an explicit allow-list, so `alg: none` or a swapped algorithm is refused),
 * a `token_type` claim checked in both directions, and a random `jti` per token — revocation
 * goes by `jti`, never by the token text (one signature can verify under several spellings).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export type TokenType = 'access' | 'refresh';
const ALGORITHMS = ['HS256'];
type Claims = Record<string, unknown> & { jti: string; exp: number };

/** How many verified access tokens are remembered (a few KB each at most). */
export const VERIFIED_CACHE_SIZE = 10_000;

export class TokenSigner {
  private readonly key: Uint8Array;
  /**
   * Access tokens already verified, by their exact text, until they expire: a client sends the
   * same token with every request for its lifetime and its signature cannot change meanwhile.
   * Only the signature check is saved — nothing about the user or their rights is kept here
   * (the auth plugin reads the user from the database on every request). Least recently used
   * first out.
   */
  private readonly verified = new Map<string, Claims>();
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(type: TokenType, claims: Record<string, unknown>, expiresAtSeconds: number, jti = randomUUID()) {
    const token = await new SignJWT({ ...claims, token_type: type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(expiresAtSeconds)
      .setJti(jti)
      .sign(this.key);
    return { token, jti };
  }

  /** Returns the claims of a valid, unexpired token of the given type, or null. */
  async verify(token: unknown, type: TokenType): Promise<Claims | null> {
    if (typeof token !== 'string' || token.length > 4096) return null;
    const known = this.verified.get(token);
    if (known) {
      this.verified.delete(token);
      // As jose checks it: expired once `exp` is reached.
      if (known.exp <= Math.floor(Date.now() / 1000)) return null;
      this.verified.set(token, known);
      return known.token_type === type ? known : null;
    }
    let claims: Claims;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ALGORITHMS });
      if (payload.token_type !== type || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
      claims = payload as Claims;
    } catch {
      return null;
    }
    // Refresh tokens are used once: not worth remembering.
    if (type === 'access') {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, Object.freeze(claims) as Claims);
    }
    return claims;
  }
}
