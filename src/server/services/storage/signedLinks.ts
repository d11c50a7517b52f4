import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed links to stored files (spec 001 section 3: "Patient document: signed_link"): the
 * file is reached only through `/api/files/{id}?expires=...&by=...&sig=...`, never by a guessable path.
 * The signature is an HMAC-SHA256 of the file, the expiry and the user who asked for the link, with
 * a key derived from the server's signing key (so every replica checks what another signed). An
 * expired or altered link is refused; the download is audited as that user's read.
 */
export const SIGNED_LINK_TTL_SECONDS = 300;

export interface LinkClaims {
  fileId: number;
  /** Unix seconds. */
  expires: number;
  /** The user who asked for the link (the download's audit row names them). */
  userId: number;
}

/** The key of the links: HMAC of a fixed label under the server's signing key. */
export function linkKey(signingKey: Uint8Array): Buffer {
  return createHmac('sha256', signingKey).update('file-links/v1').digest();
}

const payload = ({ fileId, expires, userId }: LinkClaims) => `${fileId}.${expires}.${userId}`;
const signature = (key: Buffer, claims: LinkClaims) => createHmac('sha256', key).update(payload(claims)).digest('base64url');

/** The link's path and query (under /api). */
export function signLink(key: Buffer, claims: Omit<LinkClaims, 'expires'>, now = Date.now(), ttlSeconds = SIGNED_LINK_TTL_SECONDS): string {
  const full = { ...claims, expires: Math.floor(now / 1000) + ttlSeconds };
  return `/api/files/${full.fileId}?expires=${full.expires}&by=${full.userId}&sig=${signature(key, full)}`;
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** Whether a link's parts are the server's own and not expired. Expiry is checked after the signature, so a forged expiry is 'invalid'. */
export function checkLink(key: Buffer, parts: { fileId: number; expires: number; userId: number; sig: string }, now = Date.now()): LinkCheck {
  const claims = { fileId: parts.fileId, expires: parts.expires, userId: parts.userId };
  const expected = Buffer.from(signature(key, claims));
  const given = Buffer.from(parts.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  if (parts.expires * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
