/**
 * Voice calls (issue 22; spec 000 sections 2.7, 3, 4.3, 5, 7 "Voice", 8, 9; 001 sections 5 "Call
 * dialog", 6): the values, rules and texts that the server's call flow and the console's call panel
 * both follow. Written once, here.
 */
import { ADMIN_ROLES } from './roles';

/** Spec 000 section 3: "direction (inbound or outbound)". */
export const VOICE_CALL_DIRECTIONS = ['inbound', 'outbound'] as const;

/** Twilio's call statuses, which the carrier's callbacks carry and the lists show as they are. */
export const VOICE_CALL_STATUSES = ['queued', 'initiated', 'ringing', 'in-progress', 'completed', 'busy', 'failed', 'no-answer', 'canceled'] as const;

/** A status after which nothing more happens to the call. */
export const isFinalStatus = (status: string) => ['completed', 'busy', 'failed', 'no-answer', 'canceled'].includes(status);

/** Who ended the call: the console's user, the patient's side, or the carrier (no answer, busy, failed). */
export const VOICE_CALL_HANGUP_SOURCES = ['caller', 'callee', 'carrier'] as const;
export type HangupSource = (typeof VOICE_CALL_HANGUP_SOURCES)[number];

/** The patient's numbers the Call dialog may choose between (users' mobile, home and facility numbers). */
export const CALL_PHONE_TYPES = ['mobile', 'home', 'facility'] as const;
export type CallPhoneType = (typeof CALL_PHONE_TYPES)[number];

/** Spec 000 section 9: the voice token is refetched every 60 s and reused while its expiry is more than 5 minutes away. */
export const VOICE_TOKEN_REFETCH_MS = 60_000;
export const VOICE_TOKEN_REUSE_MARGIN_MS = 5 * 60_000;
/** How long an access token for the browser's device lives (Twilio's default is one hour). */
export const VOICE_TOKEN_TTL_SECONDS = 3600;

/** Whether a token that expires at `expiresAt` may be used again now (spec 000 section 9). */
export const mayReuseVoiceToken = (expiresAt: string | Date, now = Date.now()) => new Date(expiresAt).getTime() - now > VOICE_TOKEN_REUSE_MARGIN_MS;

/** Spec 000 sections 8 and 9: the console's texts and timings. */
export const VOICE_TEXTS = {
  tokenRefused: 'Bad Request - will not retry',
  microphoneRequired: 'Please select a microphone',
  phoneInvalid: 'Please specify a valid phone number (include the international prefix).',
  empty: 'No voice calls found',
  patientEmpty: 'No call logs found for this patient',
} as const;
/** Spec 000 section 9: the recording's progress is polled every 0.5 s. */
export const RECORDING_POLL_MS = 500;

/**
 * A phone number as the Call and Test Call dialogs accept it: international, with its prefix
 * (E.164: '+', a country code, 8 to 15 digits in all). Spaces, dashes, dots and brackets are allowed
 * while typing and dropped.
 */
export function internationalNumber(typed: string): string | null {
  const text = typed.trim();
  if (!text.startsWith('+')) return null;
  if (/[^\d\s().+-]/.test(text) || text.indexOf('+', 1) !== -1) return null;
  const digits = text.slice(1).replace(/[\s().-]/g, '');
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}

/**
 * Spec 001 section 6: "The phone-number override and the choice of phone type need superadmin,
 * internal_admin or internal_billing_admin, or a non-production environment."
 */
export const mayOverrideNumber = (role: string, environment: string) => environment !== 'production' || (ADMIN_ROLES as readonly string[]).includes(role);

/**
 * Spec 001 section 5: "Outside production or in demo mode only an override number can be used": a
 * console that is not the production one never dials a patient's real number.
 */
export const onlyOverrideNumbers = (environment: string, isDemo: boolean) => environment !== 'production' || isDemo;

/**
 * The call panel's display states and their labels, word for word (spec 000 section 2.7). The
 * states are those of the voice SDK's call updates.
 */
export const CALL_STATE_LABELS = {
  new: 'Initializing call',
  trying: 'Calling...',
  requesting: 'Calling...',
  recovering: 'Reconnecting...',
  ringing: 'Incoming call',
  answering: 'Connecting...',
  early: 'Connected',
  active: 'Connected',
  held: 'On hold',
  hangup: 'Call ended',
  destroy: 'Call disconnected',
  purge: 'Call disconnected',
} as const;
export type CallState = keyof typeof CALL_STATE_LABELS;

/** Spec 000 section 4.3: a call update of hangup, destroy or purge re-enables the Call button; other states disable it. */
export const callButtonEnabled = (state: CallState | null) => state === null || state === 'hangup' || state === 'destroy' || state === 'purge';

/** Seconds as mm:ss (the lists' Duration: 754 -> '12:34'; an hour or more keeps counting minutes, 3725 -> '62:05'). */
export function durationMmSs(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** The panel's timer in h/m/s (spec 000 section 2.7): 75 -> '1m 15s', 3725 -> '1h 2m 5s'. */
export function durationHms(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return h > 0 ? `${h}h ${m}m ${s}s` : m > 0 ? `${m}m ${s}s` : `${s}s`;
}

/**
 * A call's minutes as its monitoring note is prefilled with: whole minutes (notes are written in whole
 * minutes), rounded down, so that care time never claims more than the call lasted (a 119-second
 * call is 1 minute).
 */
export const callNoteMinutes = (seconds: number) => Math.floor(Math.max(0, seconds) / 60);
