import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { errorResponse } from '../../../../schemas/payloads/common';
import { inviteCodeBody, inviteCodeParams, inviteCodeResponse } from '../../../../schemas/payloads/mobileInvite';
import { callerWithPermission } from '../../resources/caller';
import { patients } from '../../resources/definitions/patients';
import { parsePathIds } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import { issueMobileInvite, mailMobileInvite } from '../../services/mobileInvite/issueMobileInvite';

/**
 * The patient record's Mobile App Invitation (spec 001, profile section 12): POST
 * patients/{id}/invite-code `{send_email}` answers `{token, expires_at, emailed}`.
 *
 * - The code is a user token of purpose `mobile_invite` for the patient's account, valid 7 days and
 *   usable once on the public /otp page (`/auth/otp` names it `email_user`, `/auth/otp-set-password`
 *   sets the password with it: auth/passwordChange.ts PASSWORD_TOKENS). Only its hash is stored.
 * - A new code revokes the account's earlier unused invitation codes (they are marked used).
 * - `patients.update` on a patient the caller reaches: another provider's patient is 404 like a
 *   missing one; the code is audited for the patient (`invite-codes`, create), without the code.
 * - `send_email: true` also mails the code (a link to /otp?code=...) to the account's address;
 *   without an address it is 422 and nothing is written. A mail that fails to leave is logged and
 *   answered `emailed: false`: the code stands and is shown, to be given to the patient in person.
 */
export const mobileInviteRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  // The path names the patient `patient_id` (not `id`), as the clinical record's paths do: the
  // denied-attempt audit (resources/auditDenied.ts) reads it as the patient and needs no record id.
  app.post(
    '/patients/:patient_id/invite-code',
    {
      schema: {
        tags: ['patients'],
        summary: 'Make a one-time code that invites the patient to the mobile app (valid 7 days, once)',
        params: inviteCodeParams,
        body: inviteCodeBody,
        response: { 200: inviteCodeResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => {
      const caller = callerWithPermission(request, 'patients.update');
      const sendEmail = request.body.send_email === true;
      const invite = await withTransaction(app.db, (trx) => issueMobileInvite(trx, request, caller, request.params.patient_id, sendEmail), patients);
      const emailed = await mailMobileInvite(app.mailer, app.config.publicUrl, invite, request.log);
      return { token: invite.token, expires_at: invite.expiresAt.toISOString(), emailed };
    },
  );
};
