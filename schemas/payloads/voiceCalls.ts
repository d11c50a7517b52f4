/**
 * The voice calls' bespoke calls (issue 22; spec 000 sections 3 and 7 "Voice"): the browser device's
 * token, the carrier's webhooks, and the simulated carrier's device API
 * (src/server/services/telephony/README.md).
 */

/** Spec 000 section 3: "Voice-call token response: token, expires_at, phone_number". */
export const voiceTokenResponse = {
  type: 'object',
  properties: {
    token: { type: 'string' },
    expires_at: { type: 'string', format: 'date-time' },
    /** The caller id patients see. */
    phone_number: { type: 'string' },
    /** 'twilio' or 'simulated': which device the console loads. */
    carrier: { type: 'string', enum: ['twilio', 'simulated'] },
  },
  required: ['token', 'expires_at', 'phone_number', 'carrier'],
  additionalProperties: false,
} as const;

/** What a carrier posts (form-encoded): names to strings. */
export const carrierWebhookBody = {
  type: 'object',
  maxProperties: 100,
  additionalProperties: { type: 'string', maxLength: 4000 },
} as const;

/**
 * The parameters the browser's device sends with a call, as Twilio's Device.connect({ params }) does:
 * To (an override or test number), patient_id, contact_id, phone_type, note_type, test.
 */
export const callParams = {
  type: 'object',
  maxProperties: 12,
  additionalProperties: { type: 'string', maxLength: 200 },
} as const;

/** POST simulated-carrier/calls */
export const simulatedCallBody = {
  type: 'object',
  properties: { params: callParams },
  required: ['params'],
  additionalProperties: false,
} as const;

export const simulatedCallAnswer = {
  type: 'object',
  properties: {
    sid: { type: 'string' },
    status: { type: 'string' },
    answer_after_ms: { type: 'integer' },
  },
  required: ['sid', 'status', 'answer_after_ms'],
  additionalProperties: false,
} as const;

export const simulatedCallParams = {
  type: 'object',
  properties: { sid: { type: 'string', pattern: '^CA[0-9a-f]{32}$' } },
  required: ['sid'],
} as const;

export const simulatedHangupQuery = {
  type: 'object',
  properties: { by: { type: 'string', enum: ['caller', 'callee'], default: 'caller' } },
  additionalProperties: false,
} as const;

export const simulatedCallState = {
  type: 'object',
  properties: { status: { type: 'string' }, duration: { type: 'integer' } },
  required: ['status'],
  additionalProperties: false,
} as const;
