import AccessToken from 'twilio/lib/jwt/AccessToken.js';
import { signatureMatches, type Telephony, type TwilioSettings } from './telephony';

const TIMEOUT_MS = 10_000;
/** A recording longer than this is refused (an hour of two-channel WAV at 8 kHz is about 115 MB; MP3 far less). */
const RECORDING_MAX_BYTES = 200 * 1024 * 1024;

/**
 * Twilio (README.md here): tokens signed with the API key for the TwiML application, webhooks checked
 * with the account's auth token, recordings fetched from Twilio's REST API as MP3 (basic auth with the
 * account sid and auth token) and deleted there once stored with us.
 */
export function twilioTelephony(settings: TwilioSettings, fetchImpl: typeof fetch = fetch): Telephony {
  const auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const recordingAddress = (sid: string, extension: string) =>
    `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Recordings/${encodeURIComponent(sid)}${extension}`;
  return {
    kind: 'twilio',
    callerNumber: settings.callerNumber,
    issueToken(identity, ttlSeconds, now = Date.now()) {
      const token = new AccessToken(settings.accountSid, settings.apiKey, settings.apiSecret, { identity, ttl: ttlSeconds });
      token.addGrant(new AccessToken.VoiceGrant({ outgoingApplicationSid: settings.twimlAppSid, incomingAllow: false }));
      return { token: token.toJwt(), expiresAt: new Date(now + ttlSeconds * 1000) };
    },
    verifySignature: (url, params, signature) => signatureMatches(settings.authToken, url, params, signature),
    async fetchRecording(_recordingUrl, recordingSid) {
      // The callback's RecordingUrl is Twilio's; we build the address from the sid so that a forged
      // callback could never make the server fetch (with our credentials) from elsewhere.
      const response = await fetchImpl(recordingAddress(recordingSid, '.mp3'), {
        headers: { authorization: auth },
        signal: AbortSignal.timeout(TIMEOUT_MS * 6),
      });
      if (!response.ok) throw new Error(`Twilio answered ${response.status} for recording ${recordingSid}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > RECORDING_MAX_BYTES) throw new Error(`Recording ${recordingSid} is larger than ${RECORDING_MAX_BYTES} bytes`);
      return { bytes, contentType: response.headers.get('content-type')?.split(';')[0] || 'audio/mpeg' };
    },
    async deleteRecording(recordingSid) {
      const response = await fetchImpl(recordingAddress(recordingSid, '.json'), {
        method: 'DELETE',
        headers: { authorization: auth },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // 404: already gone, which is what was asked.
      if (!response.ok && response.status !== 404) throw new Error(`Twilio answered ${response.status} deleting recording ${recordingSid}`);
    },
  };
}
