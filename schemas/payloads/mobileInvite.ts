import { pathId } from './common';

/**
 * POST patients/{id}/invite-code (spec 001, profile section 12 "Mobile App Invitation"): a one-time
 * code with which the patient sets a password on the /otp page and then signs in to the mobile app
 * (routes/mobileInvite/mobileInviteRoutes.ts). `send_email` also mails the code to the address of
 * the patient's account.
 */
export const inviteCodeParams = { type: 'object', properties: { patient_id: pathId }, required: ['patient_id'] } as const;

export const inviteCodeBody = {
  type: 'object',
  properties: { send_email: { type: 'boolean', default: false } },
  additionalProperties: false,
} as const;

/** The code itself (shown once: only its hash is kept), when it stops working, and whether it was mailed. */
export const inviteCodeResponse = {
  type: 'object',
  properties: {
    token: { type: 'string' },
    expires_at: { type: 'string', format: 'date-time' },
    emailed: { type: 'boolean' },
  },
  required: ['token', 'expires_at', 'emailed'],
  additionalProperties: false,
} as const;
