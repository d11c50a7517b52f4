import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import AccessToken from 'twilio/lib/jwt/AccessToken.js';
import { publicOrigin, TELEPHONY_PATHS, type CarrierParams } from './callFlow';
import { toneWav } from './tone';
import { carrierSignature, derivedSecret, signatureMatches, type Telephony } from './telephony';

/**
 * The built-in carrier (README.md here): a telephone network inside this server, for the demo, the
 * tests and any console without Twilio. It behaves as Twilio does toward the product: its tokens are
 * Twilio-format access tokens with a voice grant, it asks the same voice webhook for TwiML and obeys
 * its Dial (number, caller id, recording, callbacks), it posts the same status, dial-action and
 * recording callbacks signed the way Twilio signs them, and it hands over recordings by their sid.
 * Its callee is simulated: the browser's simulated device reports when the call should be answered
 * (the carrier tells it after how long) and whether the caller or the callee hung up. The recording is
 * what the browser recorded from its microphone, or a generated tone as long as the call (at most
 * TONE_MAX_SECONDS, tone.ts) when it sends none.
 */
export interface SimulatedCarrier extends Telephony {
  readonly kind: 'simulated';
  /** The server whose webhooks this carrier calls (the root instance: an encapsulated one cannot inject while serving). */
  connect(app: FastifyInstance): void;
  /** The identity of a device token this carrier issued, or null. */
  deviceIdentity(token: string): Promise<string | null>;
  /** The device places a call: the voice webhook is asked for TwiML, and the dialled number starts ringing. */
  placeCall(identity: string, params: CarrierParams): Promise<PlacedCall>;
  /** The callee answers (a call left ringing longer than its Dial timeout is not answered). */
  answer(identity: string, sid: string): Promise<{ status: string }>;
  /** The call ends: by the caller (the console) or the callee; `recording` is what the device recorded. */
  hangUp(
    identity: string,
    sid: string,
    by: 'caller' | 'callee',
    recording?: { bytes: Buffer; contentType: string },
  ): Promise<{ status: string; duration: number }>;
}

export interface PlacedCall {
  sid: string;
  /** ringing, or failed when the TwiML did not dial. */
  status: 'ringing' | 'failed';
  /** When the simulated callee picks up. */
  answerAfterMs: number;
}

/** The simulated callee picks up after this long. */
export const SIMULATED_ANSWER_MS = 1500;
/** Calls the device never ended are forgotten after this long. */
const CALL_MAX_AGE_MS = 4 * 3600_000;
/** A recording not fetched by the product within this long is dropped. */
const RECORDING_MAX_AGE_MS = 3600_000;

interface CarrierCall {
  sid: string;
  childSid: string;
  identity: string;
  placedAt: number;
  answeredAt: number | null;
  ringTimeoutMs: number;
  dial: DialPlan;
}

interface DialPlan {
  number: string;
  callerId: string;
  record: boolean;
  action: string | null;
  statusCallback: string | null;
  recordingStatusCallback: string | null;
}

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, '&') ?? null;

/** The Dial of our TwiML (callFlow.ts answerVoiceWebhook), as the carrier obeys it; null when the TwiML hangs up. */
export function dialPlanOf(twiml: string): DialPlan | null {
  const dial = /<Dial\b[^>]*>/.exec(twiml)?.[0];
  const number = /<Number\b([^>]*)>([^<]+)<\/Number>/.exec(twiml);
  if (!dial || !number) return null;
  return {
    number: number[2]!.trim(),
    callerId: attribute(dial, 'callerId') ?? '',
    record: (attribute(dial, 'record') ?? 'do-not-record') !== 'do-not-record',
    action: attribute(dial, 'action'),
    statusCallback: attribute(`<N${number[1]}>`, 'statusCallback'),
    recordingStatusCallback: attribute(dial, 'recordingStatusCallback'),
  };
}

export function simulatedCarrier(signingKey: Uint8Array, callerNumber: string): SimulatedCarrier {
  const accountSid = `AC${createHash('sha256').update(derivedSecret(signingKey, 'account')).digest('hex').slice(0, 32)}`;
  const apiKey = `SK${createHash('sha256').update(derivedSecret(signingKey, 'api-key')).digest('hex').slice(0, 32)}`;
  const apiSecret = derivedSecret(signingKey, 'api-secret');
  const authToken = derivedSecret(signingKey, 'auth-token');
  const calls = new Map<string, CarrierCall>();
  const recordings = new Map<string, { bytes: Buffer; contentType: string; at: number }>();

  const forgetOld = (now: number) => {
    for (const [key, call] of calls) if (now - call.placedAt > CALL_MAX_AGE_MS) calls.delete(key);
    for (const [key, recording] of recordings) if (now - recording.at > RECORDING_MAX_AGE_MS) recordings.delete(key);
  };

  let server: FastifyInstance | undefined;
  const connected = () => {
    if (!server) throw new Error('the simulated carrier is not connected to a server');
    return server;
  };

  /** Posts a webhook to the product the way Twilio does: form-encoded, signed over the public URL. */
  async function post(url: string | null, params: CarrierParams): Promise<{ status: number; body: string }> {
    if (!url) return { status: 204, body: '' };
    const app = connected();
    const base = publicOrigin(app);
    if (!url.startsWith(`${base}/`)) throw new Error(`the simulated carrier only calls this server back, not ${url}`);
    const response = await app.inject({
      method: 'POST',
      url: url.slice(base.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': carrierSignature(authToken, url, params) },
      payload: new URLSearchParams(params).toString(),
    });
    return { status: response.statusCode, body: response.body };
  }

  const owned = (identity: string, key: string) => {
    const call = calls.get(key);
    if (!call || call.identity !== identity) throw new CarrierError(404, 'No such call');
    return call;
  };

  const childParams = (call: CarrierCall, status: string, extra: CarrierParams = {}): CarrierParams => ({
    AccountSid: accountSid,
    CallSid: call.childSid,
    ParentCallSid: call.sid,
    CallStatus: status,
    Direction: 'outbound-dial',
    From: call.dial.callerId,
    To: call.dial.number,
    Timestamp: new Date().toUTCString(),
    ...extra,
  });

  return {
    kind: 'simulated',
    callerNumber,
    issueToken(identity, ttlSeconds, now = Date.now()) {
      const token = new AccessToken(accountSid, apiKey, apiSecret, { identity, ttl: ttlSeconds });
      token.addGrant(new AccessToken.VoiceGrant({ outgoingApplicationSid: 'APsimulated', incomingAllow: false }));
      return { token: token.toJwt(), expiresAt: new Date(now + ttlSeconds * 1000) };
    },
    verifySignature: (url, params, signature) => signatureMatches(authToken, url, params, signature),
    async fetchRecording(_url, recordingSid) {
      const recording = recordings.get(recordingSid);
      if (!recording) throw new Error(`the simulated carrier holds no recording ${recordingSid}`);
      return { bytes: recording.bytes, contentType: recording.contentType };
    },
    async deleteRecording(recordingSid) {
      recordings.delete(recordingSid);
    },
    connect(app) {
      server = app;
    },
    async deviceIdentity(token) {
      try {
        const { payload } = await jwtVerify(token, new TextEncoder().encode(apiSecret), { issuer: apiKey, subject: accountSid, algorithms: ['HS256'] });
        const identity = (payload.grants as { identity?: unknown } | undefined)?.identity;
        return typeof identity === 'string' ? identity : null;
      } catch {
        return null;
      }
    },
    async placeCall(identity, params) {
      const app = connected();
      const now = Date.now();
      forgetOld(now);
      const call: Omit<CarrierCall, 'dial'> = { sid: sid('CA'), childSid: sid('CA'), identity, placedAt: now, answeredAt: null, ringTimeoutMs: 30_000 };
      const base = publicOrigin(app);
      const answer = await post(`${base}${TELEPHONY_PATHS.voice}`, {
        ...params,
        AccountSid: accountSid,
        ApplicationSid: 'APsimulated',
        CallSid: call.sid,
        CallStatus: 'ringing',
        Direction: 'inbound',
        From: `client:${identity}`,
        Caller: `client:${identity}`,
      });
      const dial = answer.status === 200 ? dialPlanOf(answer.body) : null;
      if (!dial) return { sid: call.sid, status: 'failed', answerAfterMs: 0 };
      const timeout = Number(/<Dial\b[^>]*\stimeout="(\d+)"/.exec(answer.body)?.[1] ?? 30);
      const placed: CarrierCall = { ...call, dial, ringTimeoutMs: timeout * 1000 };
      calls.set(placed.sid, placed);
      await post(dial.statusCallback, childParams(placed, 'initiated'));
      await post(dial.statusCallback, childParams(placed, 'ringing'));
      return { sid: placed.sid, status: 'ringing', answerAfterMs: SIMULATED_ANSWER_MS };
    },
    async answer(identity, key) {
      const call = owned(identity, key);
      if (call.answeredAt) return { status: 'in-progress' };
      if (Date.now() - call.placedAt > call.ringTimeoutMs) {
        calls.delete(call.sid);
        await post(call.dial.statusCallback, childParams(call, 'no-answer', { CallDuration: '0' }));
        await post(call.dial.action, {
          AccountSid: accountSid,
          CallSid: call.sid,
          CallStatus: 'in-progress',
          DialCallStatus: 'no-answer',
          DialCallDuration: '0',
        });
        return { status: 'no-answer' };
      }
      call.answeredAt = Date.now();
      await post(call.dial.statusCallback, childParams(call, 'in-progress'));
      return { status: 'in-progress' };
    },
    async hangUp(identity, key, by, recording) {
      const app = connected();
      const call = owned(identity, key);
      calls.delete(call.sid);
      if (!call.answeredAt) {
        await post(call.dial.statusCallback, childParams(call, 'canceled', { CallDuration: '0' }));
        await post(call.dial.action, { AccountSid: accountSid, CallSid: call.sid, CallStatus: 'completed', DialCallStatus: 'canceled', DialCallDuration: '0' });
        return { status: 'canceled', duration: 0 };
      }
      const duration = Math.round((Date.now() - call.answeredAt) / 1000);
      await post(call.dial.statusCallback, childParams(call, 'completed', { CallDuration: String(duration) }));
      await post(call.dial.action, {
        AccountSid: accountSid,
        CallSid: call.sid,
        // The parent call's status tells the product who hung up (callFlow.ts recordDialEnd).
        CallStatus: by === 'caller' ? 'completed' : 'in-progress',
        DialCallSid: call.childSid,
        DialCallStatus: 'completed',
        DialCallDuration: String(duration),
      });
      if (call.dial.record) {
        const recordingSid = sid('RE');
        const sound = recording && recording.bytes.length > 0 ? recording : { bytes: toneWav(duration), contentType: 'audio/wav' };
        recordings.set(recordingSid, { ...sound, at: Date.now() });
        const base = publicOrigin(app);
        await post(call.dial.recordingStatusCallback, {
          AccountSid: accountSid,
          CallSid: call.sid,
          RecordingSid: recordingSid,
          RecordingUrl: `${base}/api/simulated-carrier/recordings/${recordingSid}`,
          RecordingStatus: 'completed',
          RecordingDuration: String(duration),
          RecordingChannels: '1',
          RecordingSource: 'DialVerb',
        });
      }
      return { status: 'completed', duration };
    },
  };
}

/** A refusal of the simulated carrier's device API (unknown call, bad token). */
export class CarrierError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
