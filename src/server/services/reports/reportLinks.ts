import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNED_LINK_TTL_SECONDS } from '../storage/signedLinks';

/**
 * Short-lived signed links to a report's PDF, for the console's PDF viewer (/pdf), which fetches its
 * url without the session: `/api/reports/{id}/pdf?expires=...&by=...&sig=...`, valid 5 minutes like the
 * files' links. The signature is an HMAC-SHA256 of the report, the expiry and the user who asked, under
 * a key derived from the files' link key with a label of its own (a file's link never opens a report
 * of the same id, nor the reverse). The PDF is drawn when the link is followed, audited as that user's read.
 */
export interface ReportLinkClaims {
  reportId: number;
  /** Unix seconds. */
  expires: number;
  userId: number;
}

const keyOf = (fileLinkKey: Buffer) => createHmac('sha256', fileLinkKey).update('report-links/v1').digest();
const signature = (fileLinkKey: Buffer, c: ReportLinkClaims) =>
  createHmac('sha256', keyOf(fileLinkKey)).update(`${c.reportId}.${c.expires}.${c.userId}`).digest('base64url');

/** The link's path and query (under /api). */
export function signReportLink(fileLinkKey: Buffer, claims: Omit<ReportLinkClaims, 'expires'>, now = Date.now()): string {
  const full = { ...claims, expires: Math.floor(now / 1000) + SIGNED_LINK_TTL_SECONDS };
  return `/api/reports/${full.reportId}/pdf?expires=${full.expires}&by=${full.userId}&sig=${signature(fileLinkKey, full)}`;
}

/** Whether a link is the server's own and not expired; a forged expiry is 'invalid', not 'expired'. */
export function checkReportLink(fileLinkKey: Buffer, claims: ReportLinkClaims, sig: string, now = Date.now()): 'ok' | 'invalid' | 'expired' {
  const expected = Buffer.from(signature(fileLinkKey, claims));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return claims.expires * 1000 <= now ? 'expired' : 'ok';
}
