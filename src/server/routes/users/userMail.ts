import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { resetPasswordMail } from '../../auth/resetPasswordMail';
import { issueUserToken } from '../../auth/userTokens';
import type { DB } from '../../db/schema';
import type { Mailer, OutgoingMail } from '../../services/mailer';

/** An e-mail verification code is valid a week; the reset link one hour (its mail says so). */
export const VERIFY_EMAIL_TTL_SECONDS = 7 * 24 * 3600;
export const RESET_PASSWORD_TTL_SECONDS = 3600;

/** The verification mail: a link to the console's /email-verification page, which posts the code to auth/verify. */
export function verifyEmailMail(publicUrl: string, to: string, code: string): OutgoingMail {
  const link = `${publicUrl.replace(/\/+$/, '')}/email-verification?verifyEmailCode=${encodeURIComponent(code)}`;
  return {
    to,
    subject: 'Verify your Care Console e-mail address',
    text: [
      'Hello,',
      '',
      'Please confirm that this address belongs to your Care Console account.',
      'Open this link within 7 days:',
      '',
      link,
      '',
      'If you did not expect this message, you can ignore it.',
    ].join('\n'),
  };
}

/** Issues a verification code of the account (in the write's transaction) and answers the mail that carries it. */
export async function verificationMailFor(trx: Kysely<DB>, publicUrl: string, user: { id: number; email: string }): Promise<OutgoingMail> {
  const code = await issueUserToken(trx, user.id, 'verify_email', VERIFY_EMAIL_TTL_SECONDS);
  return verifyEmailMail(publicUrl, user.email, code);
}

/** Issues a reset code (in the write's transaction) and answers the reset mail of auth/resetPasswordMail.ts (/login?resetCode=...). */
export async function resetMailFor(trx: Kysely<DB>, publicUrl: string, user: { id: number; email: string }): Promise<OutgoingMail> {
  const code = await issueUserToken(trx, user.id, 'reset_password', RESET_PASSWORD_TTL_SECONDS);
  return resetPasswordMail(publicUrl, user.email, code);
}

/**
 * Sends the mails of a write once its transaction has committed (the mailer writes its outbox row
 * on its own connection, and a write that was undone must mail nothing). A mail that fails to leave
 * is logged: the write stands, and the user's page offers to send it again.
 */
export async function sendAfterCommit(mailer: Mailer, mails: readonly OutgoingMail[], log: FastifyBaseLogger): Promise<boolean> {
  let sent = true;
  for (const mail of mails) {
    try {
      await mailer.send(mail);
    } catch (error) {
      sent = false;
      log.error({ err: error }, 'a user mail could not be sent');
    }
  }
  return sent;
}
