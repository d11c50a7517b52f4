import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from '../errors';

/** `access` opens the API; `mfa` only opens the second-factor endpoints of one sign-in. */
export type TokenType = 'access' | 'mfa';

export interface TokenClaims {
  sub: string;
  /** Session (refresh family) id; an access token dies with its session. */
  sid: string;
  typ: TokenType;
  role: string;
  tenant_id: number | null;
}

export const EXPIRED_SIGNATURE = 'Signature has expired';
export const EXPIRED_SESSION = 'Token has expired';

export class TokenService {
  constructor(private readonly key: Uint8Array) {}

  async sign(claims: TokenClaims, ttlSeconds: number): Promise<string> {
    return new SignJWT({ sid: claims.sid, typ: claims.typ, role: claims.role, tenant_id: claims.tenant_id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  /** Verifies signature, expiry and type; an expired token answers 401 `Signature has expired`. */
  async verify(token: string, expected: TokenType): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.typ !== expected || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
        throw unauthorized('Could not validate credentials');
      }
      return payload as unknown as TokenClaims;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw unauthorized(EXPIRED_SIGNATURE);
      if (error instanceof errors.JOSEError) throw unauthorized('Could not validate credentials');
      throw error;
    }
  }
}

/** A random opaque token (refresh, reset, OTP) and the hash we store instead of it. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
