/**
 * Request and answer schemas of the session calls (spec 000 section 7 "Session and identity"),
 * `as const` for the json-schema-to-ts type provider. The identity and the permission map are
 * schemas/identity.ts.
 */

export const signature = { type: 'object', properties: { version: { type: 'string' } }, required: ['version'] } as const;

/** GET /users/{sub}/identity: Ajv reads `sub` (a bad one is 422 at `["params", "sub"]`), as this call always has. */
export const identityParams = { type: 'object', properties: { sub: { type: 'integer' } }, required: ['sub'] } as const;

const timeZone = { type: 'string', minLength: 1, maxLength: 64, description: 'an IANA time zone, e.g. America/New_York' } as const;

/**
 * Preference keys to merge into the user's settings; preferred_mfa_method is kept apart. The
 * account page's keys are typed (a wrong type is 422 and nothing is saved); other keys (the
 * lists' preference toggles) pass as they come. The console's time zone key is `user_timezone`
 * (shell/useTimeZoneSync); `timezone` is checked the same way and kept under its own name.
 */
export const settingsBody = {
  type: 'object',
  properties: {
    preferred_mfa_method: { type: ['string', 'null'], description: "'authenticator' (kept as 'totp'), 'totp', 'webauthn' or null" },
    daily_task_summary_email: { type: 'boolean' },
    monitoring_progress_summary_email: { type: 'boolean' },
    collapse_sidebar_on_click: { type: 'boolean' },
    user_timezone: timeZone,
    timezone: timeZone,
  },
  maxProperties: 100,
  additionalProperties: true,
} as const;

export const settingsResponse = {
  type: 'object',
  properties: { settings: { type: 'object', additionalProperties: true }, preferred_mfa_method: { type: ['string', 'null'] } },
  required: ['settings', 'preferred_mfa_method'],
} as const;

/** The open attendance of the caller, or null when not checked in. */
export const ongoingAttendance = {
  type: ['object', 'null'],
  properties: { id: { type: 'integer' } },
  required: ['id'],
} as const;

export const featureFlags = { type: 'object', description: 'flag key -> value', additionalProperties: true } as const;
