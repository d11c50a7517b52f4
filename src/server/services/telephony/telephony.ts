import { createHmac, timingSafeEqual } from 'node:crypto';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';

/**
 * The telephony that places the console's phone calls (issue 22; README.md here). Two
 * implementations of one interface, chosen by the environment:
 * - Twilio (twilioTelephony.ts) when TWILIO_ACCOUNT_SID is set;
 * - the simulated carrier (simulatedCarrier.ts) otherwise: it runs in this server, needs no
 *   network, and places calls that behave like Twilio's (the same webhooks, signed the same way,
 *   the same call records, recordings included), to a simulated callee who answers.
 * Everything the product does with a call (the TwiML answer, the status and recording callbacks, the
 * lists, the note) is written once, in callFlow.ts, against this interface.
 */
export interface Telephony {
  readonly kind: 'twilio' | 'simulated';
  /** The caller id patients see (E.164), answered with every token. */
  readonly callerNumber: string;
  /** An access token for the browser's voice device, with a voice grant for `identity`. */
  issueToken(identity: string, ttlSeconds: number, now?: number): { token: string; expiresAt: Date };
  /** Whether a webhook request is the carrier's: its X-Twilio-Signature over the public URL and the posted parameters. */
  verifySignature(url: string, params: Record<string, string>, signature: string | undefined): boolean;
  /** The bytes of a recording the carrier announced in a recording callback. */
  fetchRecording(recordingUrl: string, recordingSid: string): Promise<{ bytes: Buffer; contentType: string }>;
  /** Deletes the carrier's copy of a recording once ours is stored (a patient's voice is kept in one place). */
  deleteRecording(recordingSid: string): Promise<void>;
}

export interface TwilioSettings {
  /** TWILIO_ACCOUNT_SID (AC...). */
  accountSid: string;
  /** TWILIO_AUTH_TOKEN: the account's auth token, with which Twilio signs its webhooks and we fetch recordings. */
  authToken: string;
  /** TWILIO_API_KEY (SK...) and TWILIO_API_SECRET: sign the browser's access tokens. */
  apiKey: string;
  apiSecret: string;
  /** TWILIO_TWIML_APP_SID (AP...): the TwiML application whose Voice URL is {PUBLIC_URL}/api/telephony/voice. */
  twimlAppSid: string;
  /** TWILIO_CALLER_NUMBER: the caller id (a Twilio number of the account, E.164). */
  callerNumber: string;
  /** TWILIO_API_URL (optional): the REST API's origin, https://api.twilio.com by default (a local stub in tests). */
  apiUrl: string;
}

/** The configured Twilio, or undefined for the simulated carrier; a partial configuration stops the start. */
export function twilioSettings(env: NodeJS.ProcessEnv): TwilioSettings | undefined {
  if (!env.TWILIO_ACCOUNT_SID) return undefined;
  const required = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`TWILIO_ACCOUNT_SID is set: Twilio also needs ${name}`);
    return value;
  };
  return {
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: required('TWILIO_AUTH_TOKEN'),
    apiKey: required('TWILIO_API_KEY'),
    apiSecret: required('TWILIO_API_SECRET'),
    twimlAppSid: required('TWILIO_TWIML_APP_SID'),
    callerNumber: required('TWILIO_CALLER_NUMBER'),
    apiUrl: (env.TWILIO_API_URL || 'https://api.twilio.com').replace(/\/+$/, ''),
  };
}

/**
 * Twilio's webhook signature (HMAC-SHA1 of the URL followed by the posted parameters sorted by name,
 * base64), as Twilio computes it and as the simulated carrier signs its own webhooks. Compared in
 * constant time.
 */
export function signatureMatches(authToken: string, url: string, params: Record<string, string>, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(getExpectedTwilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The signature a carrier sends with a webhook (the simulated carrier's; tests sign as Twilio with it). */
export const carrierSignature = (authToken: string, url: string, params: Record<string, string>) => getExpectedTwilioSignature(authToken, url, params);

/** A secret of the simulated carrier, derived from the server's signing key (so every replica of one database agrees). */
export const derivedSecret = (signingKey: Uint8Array, purpose: string) => createHmac('sha256', signingKey).update(`telephony:${purpose}`).digest('base64url');

/**
 * The identity a voice token carries: the user and the console session it was issued to
 * (`u12_3f2a...`, letters, digits and underscores as Twilio's client identities want). The TwiML
 * webhook reads it back from the call's From (`client:u12_...`) and refuses a call of a user or a
 * session that is no longer live.
 */
export const voiceIdentity = (userId: number, sessionId: string) => `u${userId}_${sessionId.replace(/-/g, '')}`;

export function parseVoiceIdentity(from: string | undefined): { userId: number; sessionId: string } | null {
  const match = /^(?:client:)?u(\d{1,10})_([0-9a-f]{32})$/.exec(from ?? '');
  if (!match) return null;
  const hex = match[2]!;
  const sessionId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { userId: Number(match[1]), sessionId };
}
