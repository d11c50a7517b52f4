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

interface TokenOptions {
  issuer: string;
  audience: string;
  /** The longest life (exp - iat, seconds) a token of each type is issued with. */
  lifetimes: Record<TokenType, number>;
}

/**
 * Claims a token must carry to be accepted at all. jose checks exp only when it is present, and
 * iat not at all unless asked, so without this list a token signed with the real key but without
 * an expiry would live forever.
 */
const REQUIRED_CLAIMS = ['exp', 'iat', 'iss', 'aud', 'sub', 'sid', 'typ'];

/** How many verified tokens are remembered (about 400 bytes each); the oldest goes first. */
const VERIFIED_TOKENS_KEPT = 10_000;

export class TokenService {
  /**
   * Tokens whose signature, issuer, audience and lifetime were verified, by the token's text, with
   * their claims (issue 20: the HMAC through WebCrypto was 6 % of a list request's time). What makes a
   * token valid cannot change while this process runs (its key, issuer and audience are fixed), except
   * its expiry, which is checked on every use; its session's revocation is the identity plugin's to
   * check, on every request, as before.
   */
  private readonly verified = new Map<string, TokenClaims & { exp: number }>();

  constructor(
    private readonly key: Uint8Array,
    private readonly options: TokenOptions,
  ) {}

  async sign(claims: TokenClaims, ttlSeconds: number): Promise<string> {
    return new SignJWT({ sid: claims.sid, typ: claims.typ, role: claims.role, tenant_id: claims.tenant_id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(this.options.issuer)
      .setAudience(this.options.audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  /**
   * Verifies signature, issuer, audience, expiry and type, and that every claim we issue is there;
   * an expired token answers 401 `Signature has expired`, any other refusal `Could not validate credentials`.
   */
  async verify(token: string, expected: TokenType): Promise<TokenClaims> {
    const known = this.verified.get(token);
    if (known) {
      // As jose: a token is expired from the second its `exp` names.
      if (known.exp <= Math.floor(Date.now() / 1000)) {
        this.verified.delete(token);
        throw unauthorized(EXPIRED_SIGNATURE);
      }
      if (known.typ !== expected) throw unauthorized('Could not validate credentials');
      return known;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.options.issuer,
        audience: this.options.audience,
        requiredClaims: REQUIRED_CLAIMS,
      });
      const { typ, sub, sid, exp, iat } = payload;
      if (typ !== expected || typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number' || typeof iat !== 'number') {
        throw unauthorized('Could not validate credentials');
      }
      // We never issue a longer life: a token that claims one was not made by this server.
      if (exp - iat > this.options.lifetimes[expected]) throw unauthorized('Could not validate credentials');
      const claims = Object.freeze(payload) as unknown as TokenClaims & { exp: number };
      this.verified.set(token, claims);
      if (this.verified.size > VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value as string);
      return claims;
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
