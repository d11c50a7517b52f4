import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { hashOpaqueToken } from '../../auth/tokens';
import { issueUserToken } from '../../auth/userTokens';
import type { DB } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { auditPatients } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import { patients } from '../../resources/definitions/patients';
import { visibleRows } from '../../resources/recordQuery';
import type { Mailer } from '../mailer';
import { mobileInviteMail } from './mobileInviteMail';

/** How long an invitation code works (spec 001 gives no figure): a week, like Add Patient's one-time password. */
export const MOBILE_INVITE_VALID_DAYS = 7;
const MOBILE_INVITE_TTL_SECONDS = MOBILE_INVITE_VALID_DAYS * 24 * 3600;

/** The audit rows' `resource`: one row per code, its `record_id` the code's row (never the code). */
export const MOBILE_INVITE_AUDIT_RESOURCE = 'invite-codes';

/** 422 for `send_email: true` on an account without an address; nothing is written. */
export const NO_EMAIL_ADDRESS = "The patient's account has no e-mail address. Add one to the patient's profile, or give the patient the code.";
/** 422: a disabled account cannot use a code (the /otp page would refuse it), so none is made. */
export const ACCOUNT_DISABLED = "The patient's account is disabled. Enable it before inviting the patient to the mobile app.";

/** A code just made, for the answer and the mail. */
export interface MobileInvite {
  token: string;
  expiresAt: Date;
  /** Where and to whom the code is mailed, when `send_email` asked for it. */
  mail: { to: string; firstName: string } | undefined;
}

/**
 * POST patients/{id}/invite-code, in the caller's transaction: the patient as the caller reaches it
 * (another provider's patient is 404, exactly like no patient), its account locked so that two
 * requests cannot both leave a live code; the account's earlier unused invitation codes are revoked
 * (marked used), a new `mobile_invite` user token is issued for 7 days, and an audit row is written
 * for the patient. The code itself is never stored (only its hash) nor audited.
 */
export async function issueMobileInvite(
  trx: Transaction<DB>,
  request: FastifyRequest,
  caller: Caller,
  patientId: number,
  sendEmail: boolean,
): Promise<MobileInvite> {
  const patient = await visibleRows(trx, patients, caller.access, (eb) => eb('t.id', '=', patientId))
    .select(['t.id as id', 't.tenant_id as tenant_id', 't.user_id as user_id'])
    .executeTakeFirst();
  if (!patient) throw notFound();
  const row = patient as Record<string, unknown>;
  const [id, tenantId, userId] = [row.id as number, row.tenant_id as number, row.user_id as number];
  const account = await trx.selectFrom('users').select(['email', 'first_name', 'is_active']).where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  if (!account.is_active) throw new HttpError(422, ACCOUNT_DISABLED);
  // The column is nullable for patients (migration 0005) although its select type says string.
  const email = (account.email as string | null)?.trim();
  if (sendEmail && !email) throw new HttpError(422, NO_EMAIL_ADDRESS);

  await trx
    .updateTable('user_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'mobile_invite')
    .where('used_at', 'is', null)
    .execute();
  const token = await issueUserToken(trx, userId, 'mobile_invite', MOBILE_INVITE_TTL_SECONDS);
  const issued = await trx.selectFrom('user_tokens').select(['id', 'expires_at']).where('token_hash', '=', hashOpaqueToken(token)).executeTakeFirstOrThrow();
  await auditPatients(trx, {
    request,
    identity: caller.identity,
    resource: MOBILE_INVITE_AUDIT_RESOURCE,
    action: 'create',
    tenantId,
    records: [{ patientId: id, recordId: String(issued.id) }],
  });
  return { token, expiresAt: new Date(issued.expires_at), mail: sendEmail && email ? { to: email, firstName: account.first_name } : undefined };
}

/**
 * Mails the code (after the transaction: the mailer writes its outbox row on its own connection).
 * True once the mail is in the outbox and, where delivery is configured, sent; a failure is logged
 * and answered `emailed: false`, so that the code, already made, is still shown to be handed over.
 */
export async function mailMobileInvite(mailer: Mailer, publicUrl: string, invite: MobileInvite, log: FastifyBaseLogger): Promise<boolean> {
  if (!invite.mail) return false;
  try {
    await mailer.send(mobileInviteMail(publicUrl, invite.mail.to, invite.mail.firstName, invite.token, MOBILE_INVITE_VALID_DAYS));
    return true;
  } catch (error) {
    log.error({ err: error }, 'the mobile app invitation could not be mailed');
    return false;
  }
}
