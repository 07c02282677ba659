/**
 * JWTs: HS256 only (an explicit allow-list, so `alg: none` or a swapped algorithm is refused),
 * a `token_type` claim checked in both directions, and a random `jti` per token — revocation
 * goes by `jti`, never by the token text (one signature can verify under several spellings).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export type TokenType = 'access' | 'refresh';
const ALGORITHMS = ['HS256'];

export class TokenSigner {
  private readonly key: Uint8Array;
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
  async verify(token: unknown, type: TokenType): Promise<(Record<string, unknown> & { jti: string; exp: number }) | null> {
    if (typeof token !== 'string' || token.length > 4096) return null;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ALGORITHMS });
      if (payload.token_type !== type || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
      return payload as Record<string, unknown> & { jti: string; exp: number };
    } catch {
      return null;
    }
  }
}
